import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

// GoTrue-compatible auth through the real supabase-js client, on each database.

let counter = 0;
const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${++counter}@example.com`;

describe.each(databasesSync())('auth on %s', (database) => {
  let stack: TestStack;
  const client = (): SupabaseClient => createClient(stack.url, stack.anonKey, clientOptions);

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { authRateLimits: { signInSignUps: 10_000, tokenRefresh: 10_000, tokenVerifications: 10_000, emailSent: 10_000 } } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs up with metadata, auto-confirms and returns a session whose JWT carries Supabase claims', async () => {
    const sb = client();
    const address = email('ada');
    const { data, error } = await sb.auth.signUp({ email: address, password: 'correct horse', options: { data: { name: 'Ada' } } });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(address);
    expect(data.user?.user_metadata.name).toBe('Ada');
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(data.session?.access_token).toBeTruthy();
    expect(data.session?.expires_in).toBe(3600);
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({
      sub: data.user!.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: address,
      iss: `${stack.url}/auth/v1`,
      aal: 'aal1',
      is_anonymous: false,
      user_metadata: expect.objectContaining({ name: 'Ada' }),
      app_metadata: { provider: 'email', providers: ['email'] },
    });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.amr[0].method).toBe('password');
  });

  it('signs in with the right password, refuses a wrong one with invalid_credentials', async () => {
    const sb = client();
    const address = email('grace');
    await sb.auth.signUp({ email: address, password: 'secret-one' });
    const ok = await client().auth.signInWithPassword({ email: address, password: 'secret-one' });
    expect(ok.error).toBeNull();
    expect(ok.data.user?.email).toBe(address);
    const bad = await client().auth.signInWithPassword({ email: address, password: 'secret-two' });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('invalid_credentials');
    expect(bad.error?.message).toBe('Invalid login credentials');
    const nobody = await client().auth.signInWithPassword({ email: email('nobody'), password: 'whatever' });
    expect(nobody.error?.code).toBe('invalid_credentials');
  });

  it('refuses a duplicate sign-up, a weak password and a malformed e-mail with GoTrue codes', async () => {
    const address = email('dup');
    await client().auth.signUp({ email: address, password: 'secret-one' });
    const dup = await client().auth.signUp({ email: address, password: 'secret-one' });
    expect(dup.error?.status).toBe(422);
    expect(dup.error?.code).toBe('user_already_exists');
    expect(dup.error?.message).toBe('User already registered');

    const weak = await client().auth.signUp({ email: email('weak'), password: '12345' });
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.code).toBe('weak_password');
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const malformed = await client().auth.signUp({ email: 'not-an-email', password: 'secret-one' });
    expect(malformed.error?.status).toBe(400);
    expect(malformed.error?.code).toBe('validation_failed');
  });

  it('rotates refresh tokens: the new one works, the used one is refused', async () => {
    const sb = client();
    const { data } = await sb.auth.signUp({ email: email('rot'), password: 'secret-one' });
    const first = data.session!.refresh_token;
    const refreshed = await sb.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(refreshed.data.user?.id).toBe(data.user!.id);

    const reuse = await client().auth.refreshSession({ refresh_token: first });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    // Reuse is treated as theft: the whole session ends, so its newest token stops working too.
    const after = await client().auth.refreshSession({ refresh_token: second });
    expect(after.error?.code).toBe('refresh_token_not_found');
  });

  it('reads and updates the user: metadata merges, the new password works and the old one does not', async () => {
    const sb = client();
    const address = email('upd');
    await sb.auth.signUp({ email: address, password: 'secret-one', options: { data: { name: 'Old', plan: 'free' } } });
    const got = await sb.auth.getUser();
    expect(got.data.user?.email).toBe(address);
    const upd = await sb.auth.updateUser({ data: { name: 'New' } });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.user_metadata).toMatchObject({ name: 'New', plan: 'free' });
    const pw = await sb.auth.updateUser({ password: 'secret-two', current_password: 'secret-one' });
    expect(pw.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: address, password: 'secret-one' })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email: address, password: 'secret-two' })).error).toBeNull();
    const same = await sb.auth.updateUser({ password: 'secret-two', current_password: 'secret-two' });
    expect(same.error?.code).toBe('same_password');
  });

  it('global sign-out ends every session: the other device can no longer refresh or read the user', async () => {
    const address = email('out');
    await client().auth.signUp({ email: address, password: 'secret-one' });
    const laptop = client();
    const phone = client();
    await laptop.auth.signInWithPassword({ email: address, password: 'secret-one' });
    const phoneSession = (await phone.auth.signInWithPassword({ email: address, password: 'secret-one' })).data.session!;
    const out = await laptop.auth.signOut({ scope: 'global' });
    expect(out.error).toBeNull();
    const refresh = await client().auth.refreshSession({ refresh_token: phoneSession.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    const user = await client().auth.getUser(phoneSession.access_token);
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('local sign-out ends only this session', async () => {
    const address = email('local');
    await client().auth.signUp({ email: address, password: 'secret-one' });
    const a = client();
    const b = client();
    await a.auth.signInWithPassword({ email: address, password: 'secret-one' });
    const bSession = (await b.auth.signInWithPassword({ email: address, password: 'secret-one' })).data.session!;
    await a.auth.signOut({ scope: 'local' });
    expect((await client().auth.refreshSession({ refresh_token: bSession.refresh_token })).error).toBeNull();
  });

  it('answers settings, health and the admin API for service_role only', async () => {
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })).json();
    expect(settings.external).toMatchObject({ email: true, google: true });
    const health = await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } });
    expect(health.status).toBe(200);
    expect(health.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const admin = createClient(stack.url, stack.serviceRoleKey, clientOptions).auth.admin;
    const address = email('admin');
    const created = await admin.createUser({ email: address, password: 'secret-one', email_confirm: true, user_metadata: { name: 'Made' } });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata.name).toBe('Made');
    const listed = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(listed.data.users.map((u) => u.email)).toContain(address);
    expect((await client().auth.signInWithPassword({ email: address, password: 'secret-one' })).error).toBeNull();
    const deleted = await admin.deleteUser(created.data.user!.id);
    expect(deleted.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email: address, password: 'secret-one' })).error?.code).toBe('invalid_credentials');

    const notAdmin = await createClient(stack.url, stack.anonKey, clientOptions).auth.admin.listUsers();
    expect(notAdmin.error?.status).toBe(403);
  });

  it('refuses a tampered access token with bad_jwt', async () => {
    const sb = client();
    const { data } = await sb.auth.signUp({ email: email('tamper'), password: 'secret-one' });
    const [h, p, s] = data.session!.access_token.split('.');
    const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await client().auth.getUser(tampered);
    expect(res.error?.status).toBe(403);
    expect(res.error?.code).toBe('bad_jwt');
  });
});
