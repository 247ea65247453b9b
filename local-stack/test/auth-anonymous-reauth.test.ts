// GoTrue behaviours supabase-js's auth-js suite exercises (issue 26), written from GoTrue's
// documentation and its answers: anonymous sign-in (off unless configured; is_anonymous users
// that become permanent by adding an e-mail), reauthentication (an e-mailed nonce that a password
// change in an old session needs under secure_password_change), and the admin MFA factor API.
import { createClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

const unique = () => `anon-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function outboxCode(stack: TestStack, to: string): Promise<string> {
  const res = await fetch(`${stack.url}/auth/v1/outbox?to=${encodeURIComponent(to)}`, { headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` } });
  const { messages } = (await res.json()) as { messages: Array<{ subject: string; text: string }> };
  const mail = messages.find((m) => m.subject === 'Confirm reauthentication');
  return /code: (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
}

describe.each(databasesSync())('anonymous sign-in, reauthentication and admin MFA on %s', (database) => {
  let stack: TestStack;
  const client = () => createClient(stack.url, stack.anonKey, clientOptions);

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { anonymousSignIns: true, securePasswordChange: true } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs in anonymously: a session for an is_anonymous user with its data, amr "anonymous"', async () => {
    const c = client();
    const { data, error } = await c.auth.signInAnonymously({ options: { data: { theme: 'dark' } } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ is_anonymous: true, email: '', user_metadata: { theme: 'dark' }, identities: [] });
    const claims = decodeJwt(data.session!.access_token);
    expect(claims).toMatchObject({ is_anonymous: true, role: 'authenticated', sub: data.user!.id });
    expect((claims.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(['anonymous']);
    expect((await c.auth.getUser()).data.user?.is_anonymous).toBe(true);
  });

  it('an anonymous user who adds an e-mail becomes a permanent user with an e-mail identity', async () => {
    const c = client();
    await c.auth.signInAnonymously();
    const email = unique();
    const { data, error } = await c.auth.updateUser({ email });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, is_anonymous: false });
    expect(data.user?.identities?.map((i) => i.provider)).toEqual(['email']);
    // Then a password, and the account signs in like any other.
    expect((await c.auth.updateUser({ password: 'password123' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'password123' })).error).toBeNull();
  });

  it('refuses anonymous sign-in with GoTrue\'s 422 when it is off (Dossier\'s config)', async () => {
    const off = await startTestStack({ database });
    try {
      const res = await fetch(`${off.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: off.anonKey, 'content-type': 'application/json' }, body: '{"data":{}}' });
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({ error_code: 'anonymous_provider_disabled', msg: 'Anonymous sign-ins are disabled' });
      expect(((await (await fetch(`${off.url}/auth/v1/settings`, { headers: { apikey: off.anonKey } })).json()) as { external: { anonymous_users: boolean } }).external.anonymous_users).toBe(false);
    } finally {
      await off.stop();
    }
  });

  it('reauthentication: a fresh session may change the password; an old one needs the e-mailed nonce, once', async () => {
    const c = client();
    const email = unique();
    const { data } = await c.auth.signUp({ email, password: 'password123' });
    expect((await c.auth.updateUser({ password: 'password234', current_password: 'password123' } as never)).error).toBeNull();

    // The session is now a day old: GoTrue asks for reauthentication.
    await stack.db.admin((q) => q.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [data.user!.id]));
    const needed = await c.auth.updateUser({ password: 'password345', current_password: 'password234' } as never);
    expect(needed.error).toMatchObject({ status: 400, code: 'reauthentication_needed', message: 'Password update requires reauthentication' });
    const wrong = await c.auth.updateUser({ password: 'password345', current_password: 'password234', nonce: '000000' } as never);
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });

    const sent = await c.auth.reauthenticate();
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });
    const nonce = await outboxCode(stack, email);
    expect(nonce).toMatch(/^\d{6}$/);
    expect((await c.auth.updateUser({ password: 'password345', current_password: 'password234', nonce } as never)).error).toBeNull();
    // Used once.
    const again = await c.auth.updateUser({ password: 'password456', current_password: 'password345', nonce } as never);
    expect(again.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await client().auth.signInWithPassword({ email, password: 'password345' })).error).toBeNull();
  });

  it('reauthenticate() without a session is refused', async () => {
    const { error } = await client().auth.reauthenticate();
    expect(error).not.toBeNull();
  });

  it('admin lists and deletes a user\'s factors; unknown users and factors get 404s', async () => {
    const c = client();
    const { data } = await c.auth.signUp({ email: unique(), password: 'password123' });
    const enrolled = await c.auth.mfa.enroll({ factorType: 'totp' });
    expect(enrolled.error).toBeNull();
    const admin = createClient(stack.url, stack.serviceRoleKey, clientOptions).auth.admin;
    const listed = await admin.mfa.listFactors({ userId: data.user!.id });
    expect(listed.error).toBeNull();
    expect(listed.data?.factors.map((f) => [f.id, f.factor_type, f.status])).toEqual([[enrolled.data!.id, 'totp', 'unverified']]);

    const deleted = await admin.mfa.deleteFactor({ userId: data.user!.id, id: enrolled.data!.id });
    expect(deleted.error).toBeNull();
    expect((await admin.mfa.listFactors({ userId: data.user!.id })).data?.factors).toEqual([]);

    const again = await admin.mfa.deleteFactor({ userId: data.user!.id, id: enrolled.data!.id });
    expect(again.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const nobody = await admin.mfa.listFactors({ userId: '00000000-0000-4000-8000-000000000000' });
    expect(nobody.error).toMatchObject({ status: 404, code: 'user_not_found' });
    // Not for the anon key.
    const res = await fetch(`${stack.url}/auth/v1/admin/users/${data.user!.id}/factors`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}` } });
    expect(res.status).toBe(403);
  });
});
