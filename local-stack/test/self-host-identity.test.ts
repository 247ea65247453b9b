import { statSync, existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createClient } from '@supabase/supabase-js';
import { createJwtService } from '../src/http/jwt';
import { startupBanner } from '../src/http/banner';
import { DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY } from '../src/keys';
import { keysFile } from '../src/installation-keys';
import { googleRoundTrip } from './support/google';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions, createTestUser } from './support/users';

// Issue #10 §2: secrets and identity. Each test here failed on the stack before the fix.

/** A GET with an arbitrary Host header (fetch does not let a caller set Host). */
function getWithHost(url: string, host: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { ...headers, host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

// A fresh PGlite stack takes long on a busy machine.
jest.setTimeout(180_000);

describe.each(databasesSync())('installation keys and identity on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { authRateLimits: { signInSignUps: 10_000 } } as never });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('generates a per-installation secret and keys under the data folder, owner-only, and refuses the public demo keys', async () => {
    expect(stack.config.jwtSecret).not.toBe('super-secret-jwt-token-with-at-least-32-characters-long');
    expect(stack.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(stack.anonKey).not.toBe(DEMO_ANON_KEY);
    const file = keysFile(stack.dataDir);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stack.config.keysCreated).toBe(true);
    for (const key of [DEMO_ANON_KEY, DEMO_SERVICE_ROLE_KEY]) {
      const res = await fetch(`${stack.url}/rest/v1/default_document_categories?select=name`, { headers: { apikey: key, Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(401);
    }
    const ok = await fetch(`${stack.url}/rest/v1/default_document_categories?select=name`, { headers: { apikey: stack.anonKey } });
    expect(ok.status).toBe(200);
  });

  it('prints the secret once, when generated, and reuses the keys after a restart', async () => {
    expect(startupBanner(stack.config, stack.db.kind)).toContain(stack.config.jwtSecret);
    const before = { secret: stack.config.jwtSecret, anon: stack.anonKey, service: stack.serviceRoleKey };
    stack = await stack.restart();
    expect({ secret: stack.config.jwtSecret, anon: stack.anonKey, service: stack.serviceRoleKey }).toEqual(before);
    expect(stack.config.keysCreated).toBe(false);
    const banner = startupBanner(stack.config, stack.db.kind);
    expect(banner).not.toContain(stack.config.jwtSecret);
    expect(banner).not.toContain(stack.serviceRoleKey);
    expect(banner).toContain(keysFile(stack.dataDir));
  });

  it('answers only the configured host names (DNS rebinding), on the API and the Google emulator', async () => {
    const path = '/rest/v1/default_document_categories?select=name';
    expect(await getWithHost(`${stack.url}${path}`, 'attacker.example', { apikey: stack.anonKey })).toBe(421);
    expect(await getWithHost(`${stack.url}${path}`, `attacker.example:${stack.config.port}`, { apikey: stack.anonKey })).toBe(421);
    expect(await getWithHost(`${stack.googleUrl}/__emulator/accounts`, 'attacker.example')).toBe(421);
    expect(await getWithHost(`${stack.url}${path}`, `localhost:${stack.config.port}`, { apikey: stack.anonKey })).toBe(200);
    expect(await getWithHost(`${stack.url}${path}`, `127.0.0.1:${stack.config.port}`, { apikey: stack.anonKey })).toBe(200);
  });

  it('refuses a token minted for another audience', async () => {
    const user = await createTestUser(stack, 'aud');
    const jwt = createJwtService(stack.config.jwtSecret);
    const foreign = await jwt.sign({ sub: user.id, role: 'authenticated', aud: 'some-other-service' }, 600);
    const rest = await fetch(`${stack.url}/rest/v1/user_document_categories?select=id`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${foreign}` } });
    expect(rest.status).toBe(401);
    const storage = await fetch(`${stack.url}/storage/v1/object/list/documents`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${foreign}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: user.id }),
    });
    expect(storage.status).toBeGreaterThanOrEqual(400);
    expect(storage.status).toBeLessThan(500);
    const auth = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${foreign}` } });
    expect(auth.status).toBe(403);
  });

  it("refuses a user's access token used as the apikey, on REST, Auth and Storage", async () => {
    const user = await createTestUser(stack, 'apikey');
    const headers = { apikey: user.accessToken, Authorization: `Bearer ${user.accessToken}` };
    expect((await fetch(`${stack.url}/rest/v1/user_document_categories?select=id`, { headers })).status).toBe(401);
    expect((await fetch(`${stack.url}/rest/v1/default_document_categories?select=id&apikey=${user.accessToken}`)).status).toBe(401);
    expect((await fetch(`${stack.url}/auth/v1/user`, { headers })).status).toBe(401);
    const upload = await fetch(`${stack.url}/storage/v1/object/documents/${user.id}/d/a.txt`, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: 'x' });
    expect(upload.status).toBe(401);
  });

  it("refuses a deleted user's still-valid token: no upload, no query", async () => {
    const user = await createTestUser(stack, 'deleted');
    const first = await user.client.storage.from('documents').upload(`${user.id}/d/before.txt`, Buffer.from('before'), { contentType: 'text/plain' });
    expect(first.error).toBeNull();
    const admin = createClient(stack.url, stack.serviceRoleKey, clientOptions);
    expect((await admin.auth.admin.deleteUser(user.id)).error).toBeNull();
    const after = await user.client.storage.from('documents').upload(`${user.id}/d/after.txt`, Buffer.from('after'), { contentType: 'text/plain' });
    expect(after.error).not.toBeNull();
    const rest = await fetch(`${stack.url}/rest/v1/user_document_categories?select=id`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` } });
    expect(rest.status).toBe(401);
    const stored = await stack.db.admin((q) => q.query(`select 1 from storage.objects where name = $1`, [`${user.id}/d/after.txt`]));
    expect(stored.rows).toHaveLength(0);
  });

  it('limits user_metadata at write time, and the user can still shrink it', async () => {
    const big = { note: 'x'.repeat(20_000) };
    const signUp = await createClient(stack.url, stack.anonKey, clientOptions).auth.signUp({ email: `meta-${Date.now()}@example.com`, password: 'secret-one', options: { data: big } });
    expect(signUp.error?.status).toBe(422);
    const user = await createTestUser(stack, 'meta');
    const grow = await user.client.auth.updateUser({ data: big });
    expect(grow.error?.status).toBe(422);
    const small = await user.client.auth.updateUser({ data: { nickname: 'Kit' } });
    expect(small.error).toBeNull();
    expect(small.data.user?.user_metadata.nickname).toBe('Kit');
    const admin = createClient(stack.url, stack.serviceRoleKey, clientOptions);
    const adminGrow = await admin.auth.admin.updateUserById(user.id, { user_metadata: big });
    expect(adminGrow.error?.status).toBe(422);
  });
});

describe.each(databasesSync())('"Continue with Google" account linking on %s', (database) => {
  let stack: TestStack;
  const APP = 'http://127.0.0.1:4200/auth';
  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  function google() {
    return createClient(stack.url, stack.anonKey, { ...clientOptions, auth: { ...clientOptions.auth, flowType: 'implicit' as const } });
  }

  it('does not hand over a password account to someone who typed its address on the consent page', async () => {
    const victim = await createTestUser(stack, 'victim');
    const sb = google();
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const landed = await googleRoundTrip(stack, data.url!, { account: 'other', other_name: 'Mallory', other_email: victim.email, decision: 'allow' });
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error_code')).toBe('email_exists');
    const identities = await stack.db.admin((q) => q.query(`select provider from auth.identities where user_id = $1`, [victim.id]));
    expect(identities.rows.map((r) => r.provider)).toEqual(['email']);
  });

  it('links when the provider vouches for the address and the account confirmed it', async () => {
    const owner = await createTestUser(stack, 'owner');
    const sb = google();
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const landed = await googleRoundTrip(stack, data.url!, { account: 'other', other_name: 'Owner', other_email: owner.email, other_verified: 'on', decision: 'allow' });
    const fragment = new URLSearchParams(landed.hash.slice(1));
    const token = fragment.get('access_token');
    expect(token).toBeTruthy();
    const me = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` } });
    expect((await me.json()).id).toBe(owner.id);
  });

  it("the emulator does not vouch for typed addresses: userinfo says email_verified false unless the tester ticks it", async () => {
    const sb = google();
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const email = `typed-${Date.now()}@example.com`;
    await googleRoundTrip(stack, data.url!, { account: 'other', other_name: 'Typed', other_email: email, decision: 'allow' });
    const accounts = (await (await fetch(`${stack.googleUrl}/__emulator/accounts`)).json()) as { accounts: Array<{ email: string; email_verified: boolean }> };
    expect(accounts.accounts.find((a) => a.email === email)?.email_verified).toBe(false);
    expect(accounts.accounts.find((a) => a.email === 'ada@example.com')?.email_verified).toBe(true);
  });
});
