// Sign-in security (issue 14 §2) on PGlite and PostgreSQL through supabase-js and raw HTTP: the
// list of one's own sessions, ending one or all others, a password change that needs the current
// password, an e-mail change confirmed from the new address, and GoTrue's JSON error shape on
// unknown /auth/v1 routes.
import { createClient } from '@supabase/supabase-js';
import { listMail } from '../../local-stack/src/outbox/index.js';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { anonClient, clientOptions, createTestUser, type TestUser, withPeople } from '../../local-stack/test/support/users.js';

interface SessionRow {
  id: string;
  user_agent: string | null;
  last_seen_at: string;
  current: boolean;
}

describe.each(databasesSync())('sign-in security on %s', (database) => {
  const people = withPeople(database, { overrides: { schedulerTickMs: 0 } });

  const signIn = async (user: TestUser, userAgent: string) => {
    const { stack } = people();
    const client = createClient(stack.url, stack.anonKey, { ...clientOptions, global: { headers: { 'User-Agent': userAgent } } });
    const r = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    if (r.error) throw r.error;
    return client;
  };

  it('lists only my sessions, marks the current one, and lets me end another one', async () => {
    const { stack, alice, bob } = people();
    const phone = await signIn(alice, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148');
    const laptop = await signIn(alice, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36');
    const mine = await laptop.rpc('my_sessions');
    expect(mine.error).toBeNull();
    const rows = mine.data as SessionRow[];
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows.find((r) => r.current)?.user_agent).toContain('Linux');
    const phoneRow = rows.find((r) => r.user_agent?.includes('iPhone'))!;
    expect(phoneRow.last_seen_at).toBeTruthy();

    const bobs = await bob.client.rpc('my_sessions');
    expect((bobs.data as SessionRow[]).map((r) => r.id)).not.toContain(phoneRow.id);
    const bobEnds = await bob.client.rpc('end_my_session', { session_id: phoneRow.id });
    expect(bobEnds.data).toBe(false);
    expect((await phone.auth.getUser()).error).toBeNull();

    const ended = await laptop.rpc('end_my_session', { session_id: phoneRow.id });
    expect(ended.data).toBe(true);
    expect((await phone.auth.getUser()).error).not.toBeNull();

    const anon = await anonClient(stack).rpc('my_sessions');
    expect(anon.error).not.toBeNull();
    const raw = await fetch(`${stack.url}/rest/v1/rpc/my_sessions`, { method: 'POST', headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' }, body: '{}' });
    expect([401, 403]).toContain(raw.status);
  });

  it('signs out every other session and keeps this one', async () => {
    const { alice } = people();
    const other = await signIn(alice, 'Other device');
    const here = await signIn(alice, 'This device');
    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await other.auth.getUser()).error).not.toBeNull();
    expect((await here.auth.getUser()).error).toBeNull();
    const rows = (await here.rpc('my_sessions')).data as SessionRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0].current).toBe(true);
  });

  it('changes the password only with the current one', async () => {
    const { stack } = people();
    const user = await createTestUser(stack, 'carol');
    const without = await user.client.auth.updateUser({ password: 'brand-new-secret' });
    expect(without.error?.code).toBe('current_password_mismatch');
    const wrong = await user.client.auth.updateUser({ password: 'brand-new-secret', current_password: 'not-it' });
    expect(wrong.error?.code).toBe('current_password_mismatch');
    const right = await user.client.auth.updateUser({ password: 'brand-new-secret', current_password: user.password });
    expect(right.error).toBeNull();
    expect((await anonClient(stack).auth.signInWithPassword({ email: user.email, password: 'brand-new-secret' })).error).toBeNull();
  });

  it('changes the e-mail after the link sent to the new address is followed', async () => {
    const { stack } = people();
    const user = await createTestUser(stack, 'dave');
    // As on a project with e-mail confirmations on (the users above were auto-confirmed).
    stack.config.enableEmailConfirmations = true;
    const newAddress = `dave-new-${Date.now()}@example.com`;
    const asked = await user.client.auth.updateUser({ email: newAddress });
    expect(asked.error).toBeNull();
    expect((await user.client.auth.getUser()).data.user?.email).toBe(user.email);
    const [mail] = await listMail(stack.dataDir, newAddress);
    expect(mail.type).toBe('email_change');
    const followed = await fetch(mail.link!, { redirect: 'manual' });
    expect(followed.status).toBe(303);
    const after = await stack.db.admin((q) => q.query<{ email: string }>('select email from auth.users where id = $1', [user.id]));
    expect(after.rows[0].email).toBe(newAddress);
    stack.config.enableEmailConfirmations = false;
  });

  it('answers unknown /auth/v1 routes with GoTrue JSON, never plain text', async () => {
    const { stack } = people();
    for (const [method, route] of [
      ['GET', '/auth/v1/no-such-route'],
      ['POST', '/auth/v1/factors/not-a-factor/whatever'],
      ['DELETE', '/auth/v1/nothing/here'],
    ] as const) {
      const res = await fetch(`${stack.url}${route}`, { method, headers: { apikey: stack.anonKey } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      const body = (await res.json()) as { error_code: string; msg: string };
      expect(body.error_code).toBe('not_found');
      expect(typeof body.msg).toBe('string');
    }
  });
});
