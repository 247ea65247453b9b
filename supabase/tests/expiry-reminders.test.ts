// Expiry reminders and the calendar feed (issue 15 §3, ADR 0112), on PGlite and PostgreSQL, through
// supabase-js and raw HTTP with two people: a reminder falls due once (running the job again, as a
// second device or scheduler would, sends nothing more), never for a trashed document, its mail
// reaches the outbox; the calendar feed serves the expiries with alarms at a secret URL that
// regenerating kills; nobody reads or sets another person's reminders or secret.
import { randomUUID } from 'node:crypto';
import { listMail } from '../../local-stack/src/outbox/index.js';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import type { TestUser } from '../../local-stack/test/support/users.js';
import { withPeople } from '../../local-stack/test/support/users.js';
import { mailDay } from './support/mail-dates.js';

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function addDocument(user: TestUser, name: string, expiresOn: string | null): Promise<string> {
  const id = randomUUID();
  const result = await user.client
    .from('documents')
    .insert({ id, name, storage_path: `${user.id}/${id}/${name}`, mime_type: 'image/png', size: 10, expires_on: expiresOn })
    .select('id')
    .single();
  if (result.error) throw result.error;
  return id;
}

describe.each(databasesSync())('expiry reminders and calendar feed on %s', (database) => {
  const people = withPeople(database, { overrides: { schedulerTickMs: 0 } });
  let now: number;

  beforeAll(async () => {
    const { stack } = people();
    now = stack.scheduler.now().getTime();
  }, 180_000);

  it('sends a due reminder once, none for trashed documents, and mails it', async () => {
    const { stack, alice, bob } = people();
    const passport = await addDocument(alice, 'passport.png', isoDay(now + 30 * DAY));
    const trashed = await addDocument(alice, 'old-policy.pdf', isoDay(now + 7 * DAY));
    const trash = await alice.client.from('documents').update({ deleted_at: new Date(now).toISOString() }).eq('id', trashed);
    expect(trash.error).toBeNull();
    await addDocument(bob, 'bob-licence.png', isoDay(now + 90 * DAY));

    const first = await stack.scheduler.runNow('send-expiry-reminders');
    expect(first).toMatchObject({ sent: 2 });
    // Again, as another scheduler or a second run the same hour would: nothing new.
    expect(await stack.scheduler.runNow('send-expiry-reminders')).toMatchObject({ sent: 0 });

    const mine = await alice.client.from('expiry_reminders').select('document_id,days_before,expires_on,read_at');
    expect(mine.error).toBeNull();
    expect(mine.data).toEqual([{ document_id: passport, days_before: 30, expires_on: isoDay(now + 30 * DAY), read_at: null }]);

    await stack.scheduler.runNow('deliver-mail');
    const mail = await listMail(stack.dataDir, alice.email);
    expect(mail.map((m) => m.subject)).toContain('passport.png expires in 30 days');
    // The reminder leads to the expiring document itself (issue 21 item 5).
    const reminder = mail.find((m) => m.subject === 'passport.png expires in 30 days')!;
    expect(reminder.link).toBe(`${stack.config.siteUrl.replace(/\/+$/, '')}/documents?doc=${passport}`);
    expect(reminder.text).toContain(`Open the document: ${reminder.link}`);
    expect(reminder.text).toContain(`expires on ${mailDay(`${isoDay(now + 30 * DAY)}T00:00:00Z`)}.`);

    // Marking read is allowed; creating reminders is not (only the job does).
    const read = await alice.client.from('expiry_reminders').update({ read_at: new Date().toISOString() }).eq('document_id', passport).select('id');
    expect(read.error).toBeNull();
    expect(read.data).toHaveLength(1);
    const forged = await alice.client.from('expiry_reminders').insert({ user_id: alice.id, document_id: passport, expires_on: '2030-01-01', days_before: 1 });
    expect(forged.error).not.toBeNull();
  });

  it('follows the person’s own days and mail choice (saved with supabase-js upsert)', async () => {
    const { stack, bob } = people();
    const saved = await bob.client.from('reminder_settings').upsert({ user_id: bob.id, days_before: [45], email: false, updated_at: new Date().toISOString() });
    expect(saved.error).toBeNull();
    const again = await bob.client.from('reminder_settings').upsert({ user_id: bob.id, days_before: [45, 0], email: false, updated_at: new Date().toISOString() });
    expect(again.error).toBeNull();
    const insurance = await addDocument(bob, 'bob-insurance.pdf', isoDay(now + 45 * DAY));
    expect(await stack.scheduler.runNow('send-expiry-reminders')).toMatchObject({ sent: 1 });
    const rows = await bob.client.from('expiry_reminders').select('document_id,days_before').eq('document_id', insurance);
    expect(rows.data).toEqual([{ document_id: insurance, days_before: 45 }]);
    await stack.scheduler.runNow('deliver-mail');
    expect((await listMail(stack.dataDir, bob.email)).map((m) => m.subject)).not.toContain('bob-insurance.pdf expires in 45 days');
  });

  it('keeps each person’s reminders private (raw HTTP as the other person)', async () => {
    const { stack, bob } = people();
    const raw = await fetch(`${stack.url}/rest/v1/expiry_reminders?select=*`, {
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}` },
    });
    expect(raw.status).toBe(200);
    const rows = (await raw.json()) as Array<{ user_id: string }>;
    expect(rows.every((r) => r.user_id === bob.id)).toBe(true);
    const anon = await fetch(`${stack.url}/rest/v1/expiry_reminders?select=*`, { headers: { apikey: stack.anonKey } });
    expect([401, 403]).toContain(anon.status);
  });

  it('serves the expiries as an iCalendar feed at a secret URL; regenerating or switching off kills the old URL', async () => {
    const { stack, alice, bob } = people();
    const on = await alice.client.rpc('calendar_feed', { enabled: true });
    expect(on.error).toBeNull();
    const token = on.data as string;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    const feed = await fetch(`${stack.url}/functions/v1/calendar-feed?token=${token}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    const body = await feed.text();
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).toContain('SUMMARY:passport.png expires');
    expect(body).toContain(`DTSTART;VALUE=DATE:${isoDay(now + 30 * DAY).replaceAll('-', '')}`);
    expect(body).toMatch(/TRIGGER:-P89DT15H/);
    expect(body).toMatch(/TRIGGER:PT9H/);
    expect(body).not.toContain('old-policy.pdf');
    expect(body).not.toContain('bob-licence');

    // Nobody may pick or read someone else's secret.
    const set = await alice.client.from('reminder_settings').update({ calendar_token: 'a'.repeat(64) }).eq('user_id', alice.id).select();
    expect(set.error).not.toBeNull();
    const peek = await bob.client.from('reminder_settings').select('user_id,calendar_token').eq('user_id', alice.id);
    expect(peek.data ?? []).toEqual([]);

    const again = await alice.client.rpc('calendar_feed', { enabled: true });
    expect(again.data).not.toBe(token);
    expect((await fetch(`${stack.url}/functions/v1/calendar-feed?token=${token}`)).status).toBe(404);
    expect((await fetch(`${stack.url}/functions/v1/calendar-feed?token=${again.data as string}`)).status).toBe(200);

    const off = await alice.client.rpc('calendar_feed', { enabled: false });
    expect(off.data).toBeNull();
    expect((await fetch(`${stack.url}/functions/v1/calendar-feed?token=${again.data as string}`)).status).toBe(404);
    expect((await fetch(`${stack.url}/functions/v1/calendar-feed?token=nonsense`)).status).toBe(404);
  });
});
