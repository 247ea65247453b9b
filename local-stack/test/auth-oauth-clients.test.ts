// The OAuth 2.1 server's admin client API (issue 26; supabase-js's auth.admin.oauth), written
// from GoTrue's documentation and its answers: register (the secret shown once), read, list with
// paging, partial update, secret regeneration, delete; validation errors; service_role only; off
// (404) unless [auth.oauth_server] is enabled.
import { createClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

describe.each(databasesSync())('OAuth server admin clients on %s', (database) => {
  let stack: TestStack;
  const oauth = () => createClient(stack.url, stack.serviceRoleKey, clientOptions).auth.admin.oauth;

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { oauthServer: true } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('registers a client with defaults, shows the secret once, reads, updates in part and deletes it', async () => {
    const created = await oauth().createClient({ client_name: 'Reader app', redirect_uris: ['https://reader.example.com/callback'] });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      client_name: 'Reader app',
      client_type: 'confidential',
      registration_type: 'manual',
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: ['https://reader.example.com/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    });
    const id = created.data!.client_id;
    expect(created.data!.client_secret).toEqual(expect.any(String));

    const read = await oauth().getClient(id);
    expect(read.data).toMatchObject({ client_id: id, client_name: 'Reader app' });
    expect(read.data).not.toHaveProperty('client_secret');
    // Only a hash is stored.
    const stored = await stack.db.admin((q) => q.query<{ client_secret_hash: string }>(`select client_secret_hash from auth.oauth_clients where id = $1`, [id]));
    expect(stored.rows[0].client_secret_hash).not.toContain(created.data!.client_secret!);

    const updated = await oauth().updateClient(id, { logo_uri: 'https://reader.example.com/logo.png' });
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ client_name: 'Reader app', logo_uri: 'https://reader.example.com/logo.png' });

    const regenerated = await oauth().regenerateClientSecret(id);
    expect(regenerated.error).toBeNull();
    expect(regenerated.data!.client_secret).toEqual(expect.any(String));
    expect(regenerated.data!.client_secret).not.toBe(created.data!.client_secret);

    expect((await oauth().deleteClient(id)).error).toBeNull();
    const gone = await oauth().getClient(id);
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ status: 404, code: 'oauth_client_not_found' });
  });

  it('lists clients with paging headers', async () => {
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await oauth().createClient({ client_name: `App ${n}`, redirect_uris: [`https://app${n}.example.com/cb`] })).data!.client_id);
    const all = await oauth().listClients({ page: 1, perPage: 100 });
    expect(all.error).toBeNull();
    expect(all.data.clients.map((c) => c.client_id)).toEqual(expect.arrayContaining(ids));
    const page = await oauth().listClients({ page: 1, perPage: 2 });
    expect(page.data.clients).toHaveLength(2);
    expect(page.data).toMatchObject({ nextPage: 2 });
  });

  it('refuses bad registrations with GoTrue error bodies, and anyone without the service_role key', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ client_name: 'x', redirect_uris: [] }, /redirect_uris/],
      [{ client_name: 'x', redirect_uris: ['not a uri'] }, /redirect_uris/],
      [{ client_name: 'x', redirect_uris: ['javascript:alert(1)'] }, /scheme/],
      [{ client_name: '', redirect_uris: ['https://a.example.com/cb'] }, /client_name/],
      [{ client_name: 'x', redirect_uris: ['https://a.example.com/cb'], grant_types: ['password'] }, /grant_types/],
    ];
    for (const [body, message] of cases) {
      const res = await fetch(`${stack.url}/auth/v1/admin/oauth/clients`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      const json = (await res.json()) as { error_code: string; msg: string };
      expect(json.error_code).toBe('validation_failed');
      expect(json.msg).toMatch(message);
    }
    const anon = await fetch(`${stack.url}/auth/v1/admin/oauth/clients`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` } });
    expect(anon.status).toBe(403);
  });

  it('is off unless [auth.oauth_server] is enabled (Dossier\'s config)', async () => {
    const off = await startTestStack({ database });
    try {
      const res = await fetch(`${off.url}/auth/v1/admin/oauth/clients`, { headers: { apikey: off.serviceRoleKey, authorization: `Bearer ${off.serviceRoleKey}` } });
      expect(res.status).toBe(404);
    } finally {
      await off.stop();
    }
  });
});
