// Trusted-contact (emergency) access (issue 13 §2, ADR 0101) on PGlite and PostgreSQL with three
// people through supabase-js and raw HTTP: A names C for the "Estate" portfolio with a waiting
// period; C asks, A is told at once and denies; C asks again, the waiting period passes (moved in
// the database), C reads the portfolio and a file — and can change nothing; B never sees any of it;
// A revokes and C's reading stops. Both people see every step.
import { randomUUID } from 'node:crypto';
import { listMail } from '../../local-stack/src/outbox/index.js';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { type TestUser, withPeople } from '../../local-stack/test/support/users.js';
import { mailDay } from './support/mail-dates.js';

interface TrustedRow {
  id: string;
  role: string;
  status: string;
  owner_email: string;
  contact_email: string;
  portfolios: Array<{ id: string; name: string }>;
  events: Array<{ kind: string; by: string }>;
}

describe.each(databasesSync())('trusted contacts on %s', (database) => {
  const people = withPeople(database, { names: ['alice', 'bob', 'carol'], overrides: { schedulerTickMs: 0 } });
  let estate: string;
  let other: string;
  let will: { id: string; path: string; body: string };

  async function rest(user: TestUser, path: string, init: RequestInit = {}): Promise<Response> {
    const { stack } = people();
    return fetch(`${stack.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
  }

  async function file(user: TestUser, contactId: string, documentId: string) {
    const { stack } = people();
    const res = await fetch(`${stack.url}/functions/v1/trusted-file`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ trusted_contact_id: contactId, document_id: documentId }),
    });
    return { status: res.status, body: (await res.json()) as { url?: string; message?: string } };
  }

  async function rows(user: TestUser): Promise<TrustedRow[]> {
    const r = await user.client.rpc('my_trusted_contacts');
    if (r.error) throw r.error;
    return r.data as TrustedRow[];
  }

  async function passWaitingPeriod(id: string) {
    const { stack } = people();
    await stack.db.admin((q) => q.query(`update public.trusted_contacts set access_from = now() - interval '1 second', requested_at = now() - interval '7 days' where id = $1`, [id]));
  }

  beforeAll(async () => {
    const { alice } = people();
    estate = (await alice.client.from('portfolios').insert({ name: 'Estate' }).select('id').single()).data!.id;
    other = (await alice.client.from('portfolios').insert({ name: 'Private' }).select('id').single()).data!.id;
    const id = randomUUID();
    const path = `${alice.id}/${id}/will.pdf`;
    const body = `%PDF-1.4 will ${id}`;
    await alice.client.storage.from('documents').upload(path, new Blob([body], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    await alice.client.from('documents').insert({ id, name: 'will.pdf', storage_path: path, mime_type: 'application/pdf', size: body.length, portfolio_id: estate });
    will = { id, path, body };
    const privateId = randomUUID();
    const privatePath = `${alice.id}/${privateId}/diary.pdf`;
    await alice.client.storage.from('documents').upload(privatePath, new Blob(['%PDF-1.4 diary'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    await alice.client.from('documents').insert({ id: privateId, name: 'diary.pdf', storage_path: privatePath, mime_type: 'application/pdf', size: 14, portfolio_id: other });
  }, 180_000);

  it('refuses bad input and changes nothing', async () => {
    const { alice, bob, carol } = people();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ contact_email: alice.email, portfolio_ids: [estate], wait_days: 7 }, 'You cannot name yourself as your trusted contact.'],
      [{ contact_email: 'nope', portfolio_ids: [estate], wait_days: 7 }, 'Enter a valid e-mail address.'],
      [{ contact_email: carol.email, portfolio_ids: [estate], wait_days: 0 }, 'The waiting period is 1 to 30 days.'],
      [{ contact_email: carol.email, portfolio_ids: [estate], wait_days: 31 }, 'The waiting period is 1 to 30 days.'],
      [{ contact_email: carol.email, portfolio_ids: [], wait_days: 7 }, 'Choose at least one portfolio.'],
    ];
    for (const [args, message] of cases) expect((await alice.client.rpc('name_trusted_contact', args)).error?.message).toBe(message);
    // Bob cannot name a contact for Alice's portfolio.
    expect((await bob.client.rpc('name_trusted_contact', { contact_email: carol.email, portfolio_ids: [estate], wait_days: 7 })).error?.message).toBe('Portfolio not found.');
    expect(await (await rest(alice, 'trusted_contacts?select=id')).json()).toEqual([]);
    const forged = await rest(carol, 'trusted_contacts', { method: 'POST', body: JSON.stringify({ owner_id: alice.id, owner_email: 'a@example.com', contact_email: carol.email.toLowerCase(), wait_days: 1 }) });
    expect(forged.status).toBeGreaterThanOrEqual(400);
  });

  it('names, asks, denies, asks again, opens after the waiting period, reads only, revokes', async () => {
    const { stack, alice, bob, carol } = people();
    const named = await alice.client.rpc('name_trusted_contact', { contact_email: carol.email, portfolio_ids: [estate], wait_days: 7 });
    expect(named.error).toBeNull();
    const id = named.data as string;
    const seenByCarol = (await rows(carol)).find((r) => r.id === id)!;
    expect(seenByCarol).toMatchObject({ role: 'contact', status: 'named', owner_email: alice.email.toLowerCase(), portfolios: [{ id: estate, name: 'Estate' }] });
    expect(await rows(bob)).toEqual([]);
    expect(await (await rest(bob, `trusted_contacts?id=eq.${id}&select=id`)).json()).toEqual([]);

    // Nobody but the contact asks; nobody but the owner denies.
    expect((await bob.client.rpc('request_emergency_access', { trusted_contact_id: id })).error?.message).toBe('This trusted-contact access was not found.');
    expect((await alice.client.rpc('request_emergency_access', { trusted_contact_id: id })).error).not.toBeNull();
    expect((await carol.client.rpc('trusted_portfolios', { trusted_contact_id: id })).error?.message).toBe('You do not have access yet.');

    const asked = await carol.client.rpc('request_emergency_access', { trusted_contact_id: id });
    expect(asked.error).toBeNull();
    expect(Math.round((new Date(asked.data as string).getTime() - Date.now()) / 86_400_000)).toBe(7);
    expect((await alice.client.rpc('transfers_attention_count')).data).toBe(1);
    expect((await carol.client.rpc('end_emergency_access', { trusted_contact_id: id })).error).not.toBeNull();
    expect((await carol.client.rpc('trusted_portfolios', { trusted_contact_id: id })).error?.message).toBe('You do not have access yet.');
    await stack.scheduler.runNow('deliver-mail');
    expect((await listMail(stack.dataDir, alice.email)).map((m) => m.type)).toContain('trusted_access_requested');
    // The owner must act within the waiting period: the mail leads straight to the request (issue 21 item 5).
    const request = (await listMail(stack.dataDir, alice.email)).find((m) => m.type === 'trusted_access_requested')!;
    const review = `${stack.config.siteUrl.replace(/\/+$/, '')}/transfers?tab=emergency`;
    expect(request.link).toBe(review);
    expect(request.from).toBe('Dossier <no-reply@dossier.localhost>');
    expect(request.text).toContain(`Review the request: ${review}`);
    // The deadline in the reader's locale and zone (the deployment's: en-GB, UTC), not SQL's English.
    expect(request.text).toMatch(new RegExp(`deny it before ${mailDay(asked.data as string)} at \\d{2}:\\d{2} UTC\\.`));
    expect(request.text + request.subject + request.html).not.toContain('{{');
    expect(request.html).toContain(`<a href="${review.replace(/&/g, '&amp;')}"`);
    // One <p> per paragraph of the text part (two written, the button, its address, the signature).
    expect(request.html.match(/<p[ >]/g)).toHaveLength(request.text.trim().split(/\n\n/).length + 1);

    expect((await alice.client.rpc('end_emergency_access', { trusted_contact_id: id })).data).toBe('denied');
    expect((await rows(carol)).find((r) => r.id === id)?.status).toBe('named');

    expect((await carol.client.rpc('request_emergency_access', { trusted_contact_id: id })).error).toBeNull();
    await passWaitingPeriod(id);
    const result = await stack.scheduler.runNow('open-emergency-access');
    expect(result).toEqual({ opened: 1 });
    await stack.scheduler.runNow('deliver-mail');
    expect((await listMail(stack.dataDir, carol.email)).map((m) => m.type)).toEqual(expect.arrayContaining(['trusted_contact_named', 'trusted_access_denied', 'trusted_access_granted']));

    const read = await carol.client.rpc('trusted_portfolios', { trusted_contact_id: id });
    expect(read.error).toBeNull();
    expect(read.data).toEqual([expect.objectContaining({ id: estate, name: 'Estate', documents: [expect.objectContaining({ id: will.id, name: 'will.pdf' })] })]);
    const signed = await file(carol, id, will.id);
    expect(signed.status).toBe(200);
    expect(await (await fetch(signed.body.url!)).text()).toBe(will.body);
    // Not the other portfolio's document; not for Bob.
    const privateDoc = (await stack.db.admin((q) => q.query<{ id: string }>(`select id from public.documents where name = 'diary.pdf'`))).rows[0].id;
    expect((await file(carol, id, privateDoc)).status).toBe(403);
    expect((await file(bob, id, will.id)).status).toBe(403);

    // Read-only: Carol's own queries never reach Alice's rows or files.
    expect((await carol.client.from('documents').select('id').eq('id', will.id)).data).toEqual([]);
    expect((await carol.client.from('portfolios').select('id').eq('id', estate)).data).toEqual([]);
    const renamed = await carol.client.from('documents').update({ name: 'mine.pdf' }).eq('id', will.id).select('id');
    expect(renamed.data ?? []).toEqual([]);
    expect((await carol.client.storage.from('documents').download(will.path)).error).not.toBeNull();
    const removed = await carol.client.storage.from('documents').remove([will.path]);
    expect(removed.data ?? []).toEqual([]);
    const still = await stack.db.admin((q) => q.query<{ name: string; user_id: string }>('select name, user_id from public.documents where id = $1', [will.id]));
    expect(still.rows[0]).toEqual({ name: 'will.pdf', user_id: alice.id });

    // Both people see every step.
    const kinds = ['named', 'requested', 'denied', 'requested', 'granted', 'opened'];
    expect((await rows(alice)).find((r) => r.id === id)!.events.map((e) => e.kind)).toEqual(kinds);
    expect((await rows(carol)).find((r) => r.id === id)!.events.map((e) => e.kind)).toEqual(kinds);

    expect((await alice.client.rpc('end_emergency_access', { trusted_contact_id: id })).data).toBe('revoked');
    expect((await carol.client.rpc('trusted_portfolios', { trusted_contact_id: id })).error?.message).toBe('You do not have access yet.');
    expect((await file(carol, id, will.id)).status).toBe(403);
  });

  it('lets the owner remove a contact, which ends every access', async () => {
    const { alice, bob, carol } = people();
    const id = (await alice.client.rpc('name_trusted_contact', { contact_email: bob.email, portfolio_ids: [other], wait_days: 1 })).data as string;
    await bob.client.rpc('request_emergency_access', { trusted_contact_id: id });
    await passWaitingPeriod(id);
    expect((await bob.client.rpc('trusted_portfolios', { trusted_contact_id: id })).error).toBeNull();
    expect((await carol.client.rpc('remove_trusted_contact', { trusted_contact_id: id })).error).not.toBeNull();
    expect((await alice.client.rpc('remove_trusted_contact', { trusted_contact_id: id })).error).toBeNull();
    expect((await bob.client.rpc('trusted_portfolios', { trusted_contact_id: id })).error).not.toBeNull();
    expect((await rows(bob)).map((r) => r.id)).not.toContain(id);
  });
});
