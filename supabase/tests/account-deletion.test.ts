// Account deletion and the job scheduler (issue 14 §3), on PGlite and PostgreSQL, through
// supabase-js and raw HTTP: schedule with the password, cancel, schedule again, move the
// scheduler's clock 31 days forward, run the jobs — nothing of that person remains in any table
// or in the storage backend (checked as the owner), and the other person's data is untouched.
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { listMail } from '../../local-stack/src/outbox/index.js';
import { databasesSync, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { anonClient, type TestUser, withPeople } from '../../local-stack/test/support/users.js';
import { mailDay } from './support/mail-dates.js';

const DAY = 86_400_000;

async function addLibrary(user: TestUser, label: string): Promise<{ docId: string; path: string }> {
  const c: SupabaseClient = user.client;
  const category = await c.from('user_document_categories').insert({ name: `${label} papers`, user_id: user.id }).select('id').single();
  if (category.error) throw category.error;
  const portfolio = await c.from('portfolios').insert({ name: `${label} portfolio` }).select('id').single();
  if (portfolio.error) throw portfolio.error;
  const tag = await c.from('tags').insert({ name: `${label}-tag` }).select('id').single();
  if (tag.error) throw tag.error;
  const docId = randomUUID();
  const key = `${user.id}/${docId}/passport.pdf`;
  const up = await c.storage.from('documents').upload(key, new Blob(['%PDF-1.4 ' + label], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const doc = await c
    .from('documents')
    .insert({ id: docId, name: 'passport.pdf', storage_path: key, mime_type: 'application/pdf', size: 9 + label.length, category_id: category.data.id, portfolio_id: portfolio.data.id })
    .select('id')
    .single();
  if (doc.error) throw doc.error;
  const link = await c.from('document_tags').insert({ document_id: docId, tag_id: tag.data.id });
  if (link.error) throw link.error;
  return { docId, path: key };
}

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
  } catch {
    return [];
  }
}

/** Every row of every table in the schemas the app uses that mentions `needle` anywhere. */
async function rowsMentioning(stack: TestStack, needle: string): Promise<string[]> {
  return stack.db.admin(async (q) => {
    const tables = await q.query<{ s: string; t: string }>(
      `select table_schema as s, table_name as t from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema in ('public', 'auth', 'storage', 'jobs')`,
    );
    const hits: string[] = [];
    for (const { s, t } of tables.rows) {
      const r = await q.query<{ n: number }>(`select count(*)::int as n from "${s}"."${t}" x where strpos(lower(x::text), lower($1)) > 0`, [needle]);
      if (r.rows[0].n > 0) hits.push(`${s}.${t}: ${r.rows[0].n}`);
    }
    return hits;
  });
}

describe.each(databasesSync())('account deletion and scheduled jobs on %s', (database) => {
  const people = withPeople(database, { overrides: { schedulerTickMs: 0 } });
  let bobDoc: { docId: string; path: string };

  beforeAll(async () => {
    const { alice, bob } = people();
    await addLibrary(alice, 'alice');
    bobDoc = await addLibrary(bob, 'bob');
  }, 180_000);

  it('refuses a wrong password, anonymous callers and a deletion nobody asked for', async () => {
    const { stack, alice } = people();
    const wrong = await alice.client.rpc('schedule_account_deletion', { password: 'not-my-password' });
    expect(wrong.error).toBeNull();
    expect(wrong.data).toEqual({ scheduled: false, reason: 'invalid_password' });
    const anon = await anonClient(stack).rpc('schedule_account_deletion', { password: alice.password });
    expect(anon.error).not.toBeNull();
    const raw = await fetch(`${stack.url}/rest/v1/rpc/schedule_account_deletion`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: alice.password }),
    });
    expect([401, 403]).toContain(raw.status);
    const rows = await stack.db.admin((q) => q.query('select * from public.account_deletions'));
    expect(rows.rows).toEqual([]);
  });

  it('schedules in 30 days, mails it, and lets only the owner see and cancel it', async () => {
    const { stack, alice, bob } = people();
    const scheduled = await alice.client.rpc('schedule_account_deletion', { password: alice.password });
    expect(scheduled.error).toBeNull();
    const due = new Date((scheduled.data as { scheduled_for: string }).scheduled_for).getTime();
    expect(Math.round((due - Date.now()) / DAY)).toBe(30);

    const own = await alice.client.from('account_deletions').select('user_id');
    expect(own.data).toEqual([{ user_id: alice.id }]);
    const other = await bob.client.from('account_deletions').select('user_id');
    expect(other.data).toEqual([]);
    const bobCancels = await bob.client.rpc('cancel_account_deletion');
    expect(bobCancels.data).toBe(false);
    const direct = await alice.client.from('account_deletions').delete().eq('user_id', alice.id).select();
    expect(direct.data ?? []).toEqual([]);
    expect((await alice.client.from('account_deletions').select('user_id')).data).toHaveLength(1);

    await stack.scheduler.runNow('deliver-mail');
    const mail = await listMail(stack.dataDir, alice.email);
    expect(mail.map((m) => m.type)).toContain('account_deletion_scheduled');
    const notice = mail.find((m) => m.type === 'account_deletion_scheduled')!;
    expect(notice.subject).toBe(`Your Dossier account will be deleted on ${mailDay(due)}`);
    expect(notice.text).toContain(`On ${mailDay(due)} we will delete every document`);
  });

  it('cancels, schedules again, and deletes nothing before the day', async () => {
    const { stack, alice } = people();
    const cancelled = await alice.client.rpc('cancel_account_deletion');
    expect(cancelled.data).toBe(true);
    expect((await alice.client.from('account_deletions').select('user_id')).data).toEqual([]);
    const again = await alice.client.rpc('schedule_account_deletion', { password: alice.password });
    expect(again.data).toMatchObject({ scheduled: true });
    const results = await stack.scheduler.runAll();
    expect(results['delete-accounts']).toEqual({ deleted: 0 });
    expect(await rowsMentioning(stack, alice.id)).not.toEqual([]);
  });

  it('after 31 days removes every row, object and session of that person and nothing of the other', async () => {
    const { stack, alice, bob } = people();
    // Bob's trash: purged by the same run, his live document stays.
    const trashedId = randomUUID();
    const trashedKey = `${bob.id}/${trashedId}/old.pdf`;
    await bob.client.storage.from('documents').upload(trashedKey, new Blob(['%PDF-1.4 old']), { contentType: 'application/pdf' });
    const ins = await bob.client.from('documents').insert({ id: trashedId, name: 'old.pdf', storage_path: trashedKey, mime_type: 'application/pdf', size: 12 });
    expect(ins.error).toBeNull();
    await bob.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', trashedId);

    stack.scheduler.advance(31 * DAY);
    const results = await stack.scheduler.runAll();
    expect(results['delete-accounts']).toEqual({ deleted: 1 });
    expect(results['purge-trash']).toEqual({ purged: 1 });

    expect(await rowsMentioning(stack, alice.id)).toEqual([]);
    expect(await rowsMentioning(stack, alice.email)).toEqual([]);
    const storageRoot = path.join(stack.dataDir, 'storage');
    expect(filesUnder(storageRoot).filter((f) => f.includes(alice.id))).toEqual([]);
    expect(filesUnder(storageRoot).filter((f) => f.includes(trashedId))).toEqual([]);

    const session = await alice.client.auth.getUser();
    expect(session.error).not.toBeNull();
    const signIn = await anonClient(stack).auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect(signIn.error).not.toBeNull();

    const bobDocs = await bob.client.from('documents').select('id');
    expect(bobDocs.data).toEqual([{ id: bobDoc.docId }]);
    expect((await bob.client.from('tags').select('id')).data).toHaveLength(1);
    expect((await bob.client.from('portfolios').select('id')).data).toHaveLength(1);
    const file = await bob.client.storage.from('documents').download(bobDoc.path);
    expect(file.error).toBeNull();
    expect(await file.data!.text()).toBe('%PDF-1.4 bob');

    const farewell = await listMail(stack.dataDir, alice.email);
    expect(farewell.map((m) => m.type)).toContain('account_deleted');
  });

  it('runs the jobs again without effect (idempotent)', async () => {
    const { stack, alice } = people();
    const results = await stack.scheduler.runAll();
    expect(results['delete-accounts']).toEqual({ deleted: 0 });
    expect(results['purge-trash']).toEqual({ purged: 0 });
    expect(await rowsMentioning(stack, alice.id)).toEqual([]);
  });

  it('answers the HTTP control only to the service role, and moves the clock only in test mode', async () => {
    const { stack } = people();
    const anon = await fetch(`${stack.url}/scheduler/v1/jobs`, { headers: { apikey: stack.anonKey } });
    expect(anon.status).toBe(403);
    const list = await fetch(`${stack.url}/scheduler/v1/jobs`, { headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } });
    expect(list.status).toBe(200);
    const names = ((await list.json()) as { jobs: { name: string }[] }).jobs.map((j) => j.name);
    expect(names).toEqual(expect.arrayContaining(['purge-trash', 'delete-accounts', 'sweep-orphans', 'storage-sweeper', 'deliver-mail']));
    const run = await fetch(`${stack.url}/scheduler/v1/jobs/purge-trash/run`, { method: 'POST', headers: { Authorization: `Bearer ${stack.serviceRoleKey}` } });
    expect(await run.json()).toEqual({ job: 'purge-trash', result: { purged: 0 } });
    const clock = await fetch(`${stack.url}/scheduler/v1/clock`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 60 }),
    });
    expect(clock.status).toBe(403);
  });
});
