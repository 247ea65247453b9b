// Issue 25 §1 (ADR 0310): a session that ends, ends everywhere. On PGlite and PostgreSQL, an access
// token whose session was ended — global sign-out, a password change from another device, a ban,
// the account's deletion — no longer reads or writes rows through /rest/v1 (tables and functions),
// files through /storage/v1, or the user through /auth/v1/user, although the JWT itself is still
// valid. Tokens without a session (the service role) keep working. And every table with row level
// security carries the binding, so a table merged later without it fails here.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, withStack } from './support/test-stack.js';
import { clientOptions, createTestUser, serviceClient, type TestUser } from './support/users.js';

jest.setTimeout(180_000);

interface Held {
  user: TestUser;
  /** The access token of the session that is about to end. */
  oldToken: string;
  oldClient: SupabaseClient;
  path: string;
}

describe.each(databasesSync())('live sessions on %s', (database) => {
  const stack = withStack(database);

  const asToken = (token: string) => createClient(stack().url, stack().anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });

  const authUser = (token: string) => fetch(`${stack().url}/auth/v1/user`, { headers: { apikey: stack().anonKey, authorization: `Bearer ${token}` } });

  /** A person with a tag and a stored file, read with the token of the session that will end. */
  async function holding(label: string): Promise<Held> {
    const user = await createTestUser(stack(), label);
    const oldClient = asToken(user.accessToken);
    const tag = await oldClient.from('tags').insert({ name: `kept by ${label}` }).select('id').single();
    expect(tag.error).toBeNull();
    const path = `${user.id}/held/${label}.txt`;
    const up = await oldClient.storage.from('documents').upload(path, Buffer.from(`private to ${label}`), { contentType: 'text/plain' });
    expect(up.error).toBeNull();
    // While the session lives, the token reads everything (so a refusal below is the session's end).
    expect((await oldClient.from('tags').select('id')).data).toHaveLength(1);
    expect((await oldClient.storage.from('documents').download(path)).error).toBeNull();
    expect((await oldClient.rpc('my_plan_usage')).error).toBeNull();
    expect((await authUser(user.accessToken)).status).toBe(200);
    return { user, oldToken: user.accessToken, oldClient, path };
  }

  async function expectRefused(held: Held, authCode: string): Promise<void> {
    const { oldClient, oldToken, path, user } = held;
    // REST, tables: nothing to read, nothing to write.
    const read = await oldClient.from('tags').select('id');
    expect(read.error).toBeNull();
    expect(read.data).toEqual([]);
    const write = await oldClient.from('tags').insert({ name: 'written after the end' });
    expect(write.error?.code).toBe('42501');
    // REST, functions (SECURITY DEFINER behind their wrappers): PostgREST's 401 with a sentence.
    const rpc = await oldClient.rpc('my_plan_usage');
    expect(rpc.status).toBe(401);
    expect(rpc.error?.message).toBe('Your session has ended. Sign in again.');
    // Storage: the file is not there for this token, and no new one is accepted.
    expect((await oldClient.storage.from('documents').download(path)).data).toBeNull();
    expect((await oldClient.storage.from('documents').list(`${user.id}/held`)).data ?? []).toEqual([]);
    const upload = await oldClient.storage.from('documents').upload(`${user.id}/held/after.txt`, Buffer.from('x'), { contentType: 'text/plain' });
    expect(upload.error).not.toBeNull();
    // Auth: GoTrue's answer for a token whose session or user is gone, or a banned user.
    const me = await authUser(oldToken);
    expect(me.status).toBe(403);
    expect(((await me.json()) as { error_code?: string }).error_code).toBe(authCode);
  }

  it('after "Sign out on every device" the old token reads and writes nothing', async () => {
    const held = await holding('global-out');
    const other = createClient(stack().url, stack().anonKey, clientOptions);
    expect((await other.auth.signInWithPassword({ email: held.user.email, password: held.user.password })).error).toBeNull();
    expect((await other.auth.signOut({ scope: 'global' })).error).toBeNull();
    await expectRefused(held, 'session_not_found');
    // The files are still there for the service role: signing out loses nothing.
    expect((await serviceClient(stack()).storage.from('documents').download(held.path)).error).toBeNull();
  });

  it('after a password change on another device the old token is refused, the changing device is not', async () => {
    const held = await holding('password');
    const laptop = createClient(stack().url, stack().anonKey, clientOptions);
    expect((await laptop.auth.signInWithPassword({ email: held.user.email, password: held.user.password })).error).toBeNull();
    const changed = await laptop.auth.updateUser({ password: `new-${held.user.password}`, current_password: held.user.password });
    expect(changed.error).toBeNull();
    await expectRefused(held, 'session_not_found');
    expect((await laptop.from('tags').select('id')).data).toHaveLength(1);
    expect((await laptop.storage.from('documents').download(held.path)).error).toBeNull();
    expect((await laptop.rpc('my_plan_usage')).error).toBeNull();
  });

  it('after a ban the old token is refused, and again after the ban is lifted only a new sign-in reads', async () => {
    const held = await holding('banned');
    const admin = serviceClient(stack());
    expect((await admin.auth.admin.updateUserById(held.user.id, { ban_duration: '24h' })).error).toBeNull();
    await expectRefused(held, 'user_banned');
    expect((await admin.auth.admin.updateUserById(held.user.id, { ban_duration: 'none' })).error).toBeNull();
    // The ban did not end the session (GoTrue keeps it): lifted, the same token reads again.
    expect((await held.oldClient.from('tags').select('id')).data).toHaveLength(1);
  });

  it('after the account is deleted the old token is refused', async () => {
    const held = await holding('deleted');
    expect((await serviceClient(stack()).auth.admin.deleteUser(held.user.id)).error).toBeNull();
    const read = await held.oldClient.from('tags').select('id');
    expect(read.data ?? []).toEqual([]);
    expect((await held.oldClient.storage.from('documents').download(held.path)).data).toBeNull();
    expect((await authUser(held.oldToken)).status).toBe(403);
  });

  it('a token without a session (the service role) keeps working', async () => {
    const held = await holding('service');
    const admin = serviceClient(stack());
    const tags = await admin.from('tags').select('id').eq('user_id', held.user.id);
    expect(tags.error).toBeNull();
    expect(tags.data).toHaveLength(1);
    expect((await admin.storage.from('documents').download(held.path)).error).toBeNull();
  });

  const unboundTables = async () =>
    (
      await stack().db.admin((q) =>
        q.query<{ tbl: string }>(
          `select c.oid::regclass::text as tbl
             from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where c.relkind in ('r', 'p') and c.relrowsecurity
              and (n.nspname = 'public' or (n.nspname = 'storage' and c.relname in ('objects', 'buckets')))
              and not exists (
                select 1 from pg_policy p
                 where p.polrelid = c.oid and not p.polpermissive and p.polcmd = '*'
                   and p.polroles @> array['authenticated'::regrole::oid]
                   and pg_get_expr(p.polqual, p.polrelid) like '%private.session_is_live()%'
                   and pg_get_expr(p.polwithcheck, p.polrelid) like '%private.session_is_live()%')
            order by 1`,
        ),
      )
    ).rows.map((r) => r.tbl);

  it('every table with row level security is bound to a live session', async () => {
    expect(await unboundTables()).toEqual([]);
    // A table merged later with RLS but without the binding is caught, and bind_live_session fixes it.
    await stack().runScript(`create table public.live_probe (id int primary key); alter table public.live_probe enable row level security;`);
    try {
      expect(await unboundTables()).toEqual(['live_probe']);
      await stack().runScript(`select private.bind_live_session('public.live_probe');`);
      expect(await unboundTables()).toEqual([]);
    } finally {
      await stack().runScript(`drop table public.live_probe;`);
    }
  });
});
