// Transfers (issue 13 §1, ADR 0100) on PGlite and PostgreSQL with three people through supabase-js
// and raw HTTP: an offer moves rows and files all or nothing (also when a copy or the commit fails
// half-way), keep-a-copy leaves the sender's documents, tags come along by name and categories by
// name (else Miscellaneous), the sender's links stop, nobody but the recipient answers an offer,
// concurrent accept and cancel end in exactly one outcome, offers expire after 14 days through the
// scheduler, and every step mails through the outbox.
import { randomUUID } from 'node:crypto';
import { listMail } from '../../local-stack/src/outbox/index.js';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { anonClient, clientOptions, serviceClient, type TestUser, withPeople } from '../../local-stack/test/support/users.js';
import { createClient } from '@supabase/supabase-js';
import { mailDay } from './support/mail-dates.js';

const DAY = 86_400_000;

interface Doc {
  id: string;
  path: string;
  body: string;
}

interface TransferRow {
  id: string;
  direction: string;
  state: string;
  sender_email: string;
  recipient_email: string;
  portfolio_name: string | null;
  items: Array<{ name: string; document_id: string | null }>;
}

async function addDocument(user: TestUser, name: string, options: { portfolioId?: string; categoryId?: string; tagIds?: string[] } = {}): Promise<Doc> {
  const id = randomUUID();
  const path = `${user.id}/${id}/${name}`;
  const body = `%PDF-1.4 ${name} ${id}`;
  const up = await user.client.storage.from('documents').upload(path, new Blob([body], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const row = await user.client.from('documents').insert({
    id,
    name,
    storage_path: path,
    mime_type: 'application/pdf',
    size: body.length,
    portfolio_id: options.portfolioId ?? null,
    category_id: options.categoryId ?? null,
  });
  if (row.error) throw row.error;
  for (const tagId of options.tagIds ?? []) {
    const link = await user.client.from('document_tags').insert({ document_id: id, tag_id: tagId });
    if (link.error) throw link.error;
  }
  return { id, path, body };
}

async function categoryId(user: TestUser, name: string): Promise<string> {
  await user.client.rpc('create_default_categories');
  const existing = await user.client.from('user_document_categories').select('id').eq('name', name).maybeSingle();
  if (existing.data) return existing.data.id as string;
  const made = await user.client.from('user_document_categories').insert({ user_id: user.id, name }).select('id').single();
  if (made.error) throw made.error;
  return made.data.id as string;
}

async function tag(user: TestUser, name: string, color = '#16a34a'): Promise<string> {
  const made = await user.client.from('tags').insert({ name, color }).select('id').single();
  if (made.error) throw made.error;
  return made.data.id as string;
}

async function offer(user: TestUser, args: Record<string, unknown>): Promise<string> {
  const r = await user.client.rpc('offer_transfer', args);
  if (r.error) throw new Error(`offer_transfer: ${r.error.message}`);
  return r.data as string;
}

describe.each(databasesSync())('transfers on %s', (database) => {
  const people = withPeople(database, { names: ['alice', 'bob', 'carol'], overrides: { schedulerTickMs: 0 } });

  /** The Edge Function as the browser calls it: raw HTTP with the person's token. */
  async function accept(user: TestUser, transferId: string): Promise<{ status: number; body: { moved?: number; error?: string; message?: string } }> {
    const { stack } = people();
    const res = await fetch(`${stack.url}/functions/v1/transfer-accept`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ transfer_id: transferId }),
    });
    return { status: res.status, body: (await res.json()) as { moved?: number; error?: string; message?: string } };
  }

  async function rest(user: TestUser, path: string, init: RequestInit = {}): Promise<Response> {
    const { stack } = people();
    return fetch(`${stack.url}/rest/v1/${path}`, {
      ...init,
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
  }

  async function stateOf(id: string): Promise<string> {
    const { stack } = people();
    const r = await stack.db.admin((q) => q.query<{ state: string }>('select state from public.transfers where id = $1', [id]));
    return r.rows[0].state;
  }

  async function ownerOf(docId: string): Promise<{ user_id: string; storage_path: string } | undefined> {
    const { stack } = people();
    const r = await stack.db.admin((q) => q.query<{ user_id: string; storage_path: string }>('select user_id, storage_path from public.documents where id = $1', [docId]));
    return r.rows[0];
  }

  async function objectNames(prefix: string): Promise<string[]> {
    const { stack } = people();
    const r = await stack.db.admin((q) => q.query<{ name: string }>(`select name from storage.objects where bucket_id = 'documents' and name like $1 || '%' order by name`, [prefix]));
    return r.rows.map((x) => x.name);
  }

  async function download(user: TestUser, path: string): Promise<string | null> {
    const r = await user.client.storage.from('documents').download(path);
    return r.error ? null : await r.data.text();
  }

  it('moves a portfolio of three documents with their tags, categories and files to the recipient', async () => {
    const { stack, alice, bob, carol } = people();
    const folio = await alice.client.from('portfolios').insert({ name: 'House deeds' }).select('id').single();
    const deeds = await categoryId(alice, 'Real Estate');
    const own = await categoryId(alice, 'Alice only papers');
    const house = await tag(alice, 'House 2026', '#dc2626');
    const docs = [
      await addDocument(alice, 'deed.pdf', { portfolioId: folio.data!.id, categoryId: deeds, tagIds: [house] }),
      await addDocument(alice, 'survey.pdf', { portfolioId: folio.data!.id, categoryId: own }),
      await addDocument(alice, 'mortgage.pdf', { portfolioId: folio.data!.id, tagIds: [house] }),
    ];
    const link = await alice.client.rpc('create_share_link', { document_id: docs[0].id });
    expect(link.error).toBeNull();
    // Bob already has a tag of that name (other case): it is reused, not duplicated.
    const bobsHouse = await tag(bob, 'house 2026');

    const id = await offer(alice, { recipient_email: bob.email.toUpperCase(), portfolio_id: folio.data!.id, message: 'For you' });
    const badge = await bob.client.rpc('incoming_transfer_count');
    expect(badge.data).toBe(1);
    const listed = (await bob.client.rpc('my_transfers')).data as TransferRow[];
    expect(listed.find((t) => t.id === id)).toMatchObject({ direction: 'incoming', state: 'pending', portfolio_name: 'House deeds', sender_email: alice.email.toLowerCase() });
    // Carol sees nothing of it, through supabase-js or raw HTTP.
    expect(((await carol.client.rpc('my_transfers')).data as TransferRow[]).map((t) => t.id)).not.toContain(id);
    expect(await (await rest(carol, `transfers?id=eq.${id}&select=id`)).json()).toEqual([]);
    expect(await (await rest(carol, `transfer_items?transfer_id=eq.${id}&select=name`)).json()).toEqual([]);

    const done = await accept(bob, id);
    expect(done).toEqual({ status: 200, body: { moved: 3 } });
    expect(await stateOf(id)).toBe('accepted');

    for (const d of docs) {
      const now = await ownerOf(d.id);
      expect(now?.user_id).toBe(bob.id);
      expect(now?.storage_path.startsWith(`${bob.id}/${d.id}/`)).toBe(true);
      expect(await download(bob, now!.storage_path)).toBe(d.body);
      expect(await download(alice, d.path)).toBeNull();
    }
    expect(await objectNames(`${alice.id}/`)).toEqual([]);
    expect((await alice.client.from('documents').select('id').in('id', docs.map((d) => d.id))).data).toEqual([]);
    const bobs = await bob.client.from('documents').select('id,portfolio_id,tag_names,category_id').in('id', docs.map((d) => d.id));
    expect(bobs.error).toBeNull();
    const categories = new Map(((await bob.client.from('user_document_categories').select('id,name')).data as Array<{ id: string; name: string }>).map((c) => [c.id, c.name]));
    const byId = new Map((bobs.data as Array<{ id: string; portfolio_id: string; tag_names: string; category_id: string }>).map((d) => [d.id, d]));
    expect(byId.get(docs[0].id)).toMatchObject({ portfolio_id: folio.data!.id, tag_names: 'house 2026' });
    expect(categories.get(byId.get(docs[0].id)!.category_id)).toBe('Real Estate');
    expect(categories.get(byId.get(docs[1].id)!.category_id)).toBe('Miscellaneous');
    const bobTags = await bob.client.from('tags').select('id,name');
    expect((bobTags.data as Array<{ id: string }>).filter((t) => t.id === bobsHouse)).toHaveLength(1);
    expect((bobTags.data as Array<{ name: string }>).filter((t) => t.name.toLowerCase() === 'house 2026')).toHaveLength(1);
    const folioNow = await bob.client.from('portfolios').select('id,name').eq('id', folio.data!.id).single();
    expect(folioNow.data?.name).toBe('House deeds');

    // The sender's link stopped; both people see the transfer in the document's history.
    const opened = await serviceClient(stack).rpc('share_open', { token: (link.data as Array<{ token: string }>)[0].token });
    expect((opened.data as { status: string }).status).toBe('unavailable');
    const bobHistory = await bob.client.from('document_events').select('kind,detail').eq('document_id', docs[0].id);
    expect(bobHistory.data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'transferred' })]));
    const aliceHistory = await alice.client.from('document_events').select('kind').eq('document_id', docs[0].id);
    expect(aliceHistory.data).toEqual([{ kind: 'transferred' }]);
    expect((await carol.client.from('document_events').select('kind').eq('document_id', docs[0].id)).data).toEqual([]);

    await stack.scheduler.runNow('deliver-mail');
    expect((await listMail(stack.dataDir, bob.email)).map((m) => m.type)).toContain('transfer_offered');
    const offerMail = (await listMail(stack.dataDir, bob.email)).find((m) => m.type === 'transfer_offered')!;
    expect(offerMail.text).toContain(`The offer expires on ${mailDay(Date.now() + 14 * 86_400_000)}.`);
    expect((await listMail(stack.dataDir, alice.email)).map((m) => m.type)).toContain('transfer_accepted');
  });

  it('keeps the sender\'s copy when asked, and gives the recipient new documents', async () => {
    const { alice, bob } = people();
    const doc = await addDocument(alice, 'car-papers.pdf');
    const id = await offer(alice, { recipient_email: bob.email, document_ids: [doc.id], keep_copy: true });
    expect(await accept(bob, id)).toMatchObject({ status: 200, body: { moved: 1 } });
    expect((await ownerOf(doc.id))?.user_id).toBe(alice.id);
    expect(await download(alice, doc.path)).toBe(doc.body);
    const mine = ((await bob.client.rpc('my_transfers')).data as TransferRow[]).find((t) => t.id === id)!;
    const copyId = mine.items[0].document_id!;
    expect(copyId).not.toBe(doc.id);
    const copy = await ownerOf(copyId);
    expect(copy?.user_id).toBe(bob.id);
    expect(await download(bob, copy!.storage_path)).toBe(doc.body);
  });

  it('copies a whole portfolio with keep-a-copy, under a free name when the recipient has one like it', async () => {
    const { alice, bob } = people();
    const folio = await alice.client.from('portfolios').insert({ name: 'Car' }).select('id').single();
    await bob.client.from('portfolios').insert({ name: 'car' });
    const docs = [await addDocument(alice, 'registration.pdf', { portfolioId: folio.data!.id }), await addDocument(alice, 'service.pdf', { portfolioId: folio.data!.id })];
    const id = await offer(alice, { recipient_email: bob.email, portfolio_id: folio.data!.id, keep_copy: true });
    expect(await accept(bob, id)).toMatchObject({ status: 200, body: { moved: 2 } });
    for (const d of docs) expect(await ownerOf(d.id)).toEqual({ user_id: alice.id, storage_path: d.path });
    expect((await alice.client.from('portfolios').select('name').eq('id', folio.data!.id).single()).data?.name).toBe('Car');
    const copy = await bob.client.from('portfolios').select('id,name').eq('name', 'Car (2)').single();
    expect(copy.error).toBeNull();
    const inside = await bob.client.from('documents').select('name,storage_path').eq('portfolio_id', copy.data!.id).order('name');
    expect((inside.data as Array<{ name: string }>).map((d) => d.name)).toEqual(['registration.pdf', 'service.pdf']);
    for (const d of inside.data as Array<{ storage_path: string }>) expect(d.storage_path.startsWith(`${bob.id}/`)).toBe(true);
  });

  it('lets only the recipient answer and only the sender cancel; nobody writes the tables directly', async () => {
    const { alice, bob, carol } = people();
    const doc = await addDocument(alice, 'will.pdf');
    const id = await offer(alice, { recipient_email: bob.email, document_ids: [doc.id] });
    expect((await accept(carol, id)).status).toBe(403);
    expect((await accept(alice, id)).status).toBe(403);
    expect((await carol.client.rpc('decline_transfer', { transfer_id: id })).error).not.toBeNull();
    expect((await bob.client.rpc('cancel_transfer', { transfer_id: id })).error).not.toBeNull();
    expect((await carol.client.rpc('cancel_transfer', { transfer_id: id })).error).not.toBeNull();
    const begun = await carol.client.rpc('transfer_accept_begin', { transfer_id: id });
    expect(begun.error).not.toBeNull();
    const forged = await rest(bob, `transfers?id=eq.${id}`, { method: 'PATCH', body: JSON.stringify({ state: 'accepted', recipient_id: bob.id }) });
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const inserted = await rest(carol, 'transfers', { method: 'POST', body: JSON.stringify({ sender_id: alice.id, sender_email: 'x@example.com', recipient_email: carol.email.toLowerCase() }) });
    expect(inserted.status).toBeGreaterThanOrEqual(400);
    // Carol cannot offer Alice's document, and Bob cannot read Alice's documents through the offer.
    const stolen = await carol.client.rpc('offer_transfer', { recipient_email: carol.email.replace('carol', 'other'), document_ids: [doc.id] });
    expect(stolen.error?.message).toBe('Document not found.');
    expect((await bob.client.from('documents').select('id').eq('id', doc.id)).data).toEqual([]);
    expect(await download(bob, doc.path)).toBeNull();
    expect(await stateOf(id)).toBe('pending');

    expect((await bob.client.rpc('decline_transfer', { transfer_id: id })).error).toBeNull();
    expect(await stateOf(id)).toBe('declined');
    expect((await accept(bob, id)).body.message).toBe('This transfer was already declined.');
    expect((await ownerOf(doc.id))?.user_id).toBe(alice.id);
  });

  it('refuses bad offers with a clear message and writes nothing', async () => {
    const { stack, alice, bob, carol } = people();
    const doc = await addDocument(alice, 'policy.pdf');
    const trashed = await addDocument(alice, 'old.pdf');
    await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', trashed.id);
    const before = await stack.db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from public.transfers'));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ recipient_email: alice.email, document_ids: [doc.id] }, 'You cannot transfer documents to yourself.'],
      [{ recipient_email: 'not an address', document_ids: [doc.id] }, 'Enter a valid e-mail address.'],
      [{ recipient_email: bob.email, document_ids: [trashed.id] }, 'A document in the trash cannot be transferred; restore it first.'],
      [{ recipient_email: bob.email }, 'Choose either documents or one portfolio to transfer.'],
      [{ recipient_email: bob.email, document_ids: [randomUUID()] }, 'Document not found.'],
    ];
    for (const [args, message] of cases) {
      const r = await alice.client.rpc('offer_transfer', args);
      expect(r.error?.message).toBe(message);
    }
    const after = await stack.db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from public.transfers'));
    expect(after.rows[0].n).toBe(before.rows[0].n);

    await offer(alice, { recipient_email: carol.email, document_ids: [doc.id] });
    const twice = await alice.client.rpc('offer_transfer', { recipient_email: bob.email, document_ids: [doc.id] });
    expect(twice.error?.message).toBe('"policy.pdf" is already on offer.');

    // More than the recipient's plan holds.
    const other = await addDocument(alice, 'big.pdf');
    const limit = (await stack.db.admin((q) => q.query<{ max_documents: number }>(`select max_documents from public.plans where id = 'free'`))).rows[0].max_documents;
    const held = (await stack.db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from public.documents where user_id = $1', [bob.id]))).rows[0].n;
    await stack.db.admin((q) => q.query(`update public.plans set max_documents = $1 where id = 'free'`, [held]));
    try {
      const full = await alice.client.rpc('offer_transfer', { recipient_email: bob.email, document_ids: [other.id] });
      expect(full.error?.message).toMatch(/^The recipient's Free plan has room for 0 more documents; this transfer has 1\.$/);
    } finally {
      await stack.db.admin((q) => q.query(`update public.plans set max_documents = $1 where id = 'free'`, [limit]));
    }
  });

  it('leaves the sender untouched when a copy fails half-way', async () => {
    const { stack, alice, bob } = people();
    const docs = [await addDocument(alice, 'a.pdf'), await addDocument(alice, 'b.pdf'), await addDocument(alice, 'c.pdf')];
    const id = await offer(alice, { recipient_email: bob.email, document_ids: docs.map((d) => d.id) });
    // The second file vanishes from storage (its row stays): the copy of it fails after the first.
    const sorted = [...docs].sort((x, y) => x.id.localeCompare(y.id));
    await stack.db.admin((q) => q.query(`delete from storage.objects where bucket_id = 'documents' and name = $1`, [sorted[1].path]));
    const r = await accept(bob, id);
    expect(r.status).toBe(409);
    // It names the file, and says that nothing moved (issue 21 §4).
    expect(r.body.message).toBe(`“${sorted[1].path.split('/').pop()}” could not be copied, so nothing was moved. Try again.`);
    expect(await stateOf(id)).toBe('pending');
    for (const d of docs) expect(await ownerOf(d.id)).toEqual({ user_id: alice.id, storage_path: d.path });
    expect(await objectNames(`${bob.id}/${sorted[0].id}`)).toEqual([]);
    expect(await download(alice, sorted[0].path)).toBe(sorted[0].body);
  });

  it('an offer that cannot be accepted names the documents that stop it, and moves nothing (issue 21 §4)', async () => {
    const { alice, bob } = people();
    const docs = [await addDocument(alice, 'deed.pdf'), await addDocument(alice, 'will.pdf'), await addDocument(alice, 'lease.pdf')];
    const id = await offer(alice, { recipient_email: bob.email, document_ids: docs.map((d) => d.id) });
    // The offer lists them in id order; the sender trashes two of them after offering.
    const [first, second, third] = [...docs].sort((x, y) => x.id.localeCompare(y.id));
    const gone = await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).in('id', [first.id, third.id]).select('id');
    expect(gone.data).toHaveLength(2);
    const name = (d: { path: string }) => d.path.split('/').pop();
    const r = await accept(bob, id);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe(`2 of the 3 offered documents are no longer available: “${name(first)}”, “${name(third)}”. Nothing was moved; ask the sender to offer them again.`);
    expect(await stateOf(id)).toBe('pending');
    expect((await ownerOf(second.id))?.user_id).toBe(alice.id);

    const single = await addDocument(alice, 'passport.pdf');
    const one = await offer(alice, { recipient_email: bob.email, document_ids: [single.id] });
    await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', single.id);
    expect((await accept(bob, one)).body.message).toBe('“passport.pdf” is no longer available, so nothing was moved. Ask the sender to offer it again.');
  });

  it('rolls the whole commit back when one document changed after the copies', async () => {
    const { stack, alice, bob } = people();
    const docs = [await addDocument(alice, 'x.pdf'), await addDocument(alice, 'y.pdf'), await addDocument(alice, 'z.pdf')];
    const id = await offer(alice, { recipient_email: bob.email, document_ids: docs.map((d) => d.id) });
    const begun = await bob.client.rpc('transfer_accept_begin', { transfer_id: id });
    expect(begun.error).toBeNull();
    const { claim, copies } = begun.data as { claim: string; copies: Array<{ from: string; to: string }> };
    for (const c of copies) expect((await serviceClient(stack).storage.from('documents').copy(c.from, c.to)).error).toBeNull();
    // The last document goes to the trash between the copies and the commit.
    const last = docs.find((d) => d.path === copies[copies.length - 1].from)!;
    await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', last.id);
    const finished = await bob.client.rpc('transfer_accept_finish', { transfer_id: id, claim });
    // Named, as the first step names them: the person knows which one to ask for again.
    expect(finished.error?.message).toBe(`1 of the 3 offered documents is no longer available: “${last.path.split('/').pop()}”. Nothing was moved; ask the sender to offer it again.`);
    for (const d of docs) expect((await ownerOf(d.id))?.user_id).toBe(alice.id);
    expect(await stateOf(id)).toBe('pending');
    const safe = await bob.client.rpc('transfer_accept_abandon', { transfer_id: id, claim });
    expect([...(safe.data as string[])].sort()).toEqual(copies.map((c) => c.to).sort());
    // A stale claim abandons nothing.
    expect((await bob.client.rpc('transfer_accept_abandon', { transfer_id: id, claim })).data).toEqual([]);
  });

  it('resolves a concurrent accept and cancel to exactly one outcome', async () => {
    const { alice, bob } = people();
    for (let round = 0; round < 3; round++) {
      const docs = [await addDocument(alice, `race-${round}-1.pdf`), await addDocument(alice, `race-${round}-2.pdf`)];
      const id = await offer(alice, { recipient_email: bob.email, document_ids: docs.map((d) => d.id) });
      const [accepted, cancelled] = await Promise.all([accept(bob, id), alice.client.rpc('cancel_transfer', { transfer_id: id })]);
      const state = await stateOf(id);
      if (state === 'accepted') {
        expect(accepted.status).toBe(200);
        expect(cancelled.error).not.toBeNull();
        for (const d of docs) expect((await ownerOf(d.id))?.user_id).toBe(bob.id);
      } else {
        expect(state).toBe('cancelled');
        expect(cancelled.error).toBeNull();
        expect(accepted.status).toBeGreaterThanOrEqual(400);
        for (const d of docs) expect(await ownerOf(d.id)).toEqual({ user_id: alice.id, storage_path: d.path });
        expect(await objectNames(`${bob.id}/${docs[0].id}`)).toEqual([]);
      }
    }
  });

  it('lets two accepts of one offer run only once', async () => {
    const { alice, bob } = people();
    const doc = await addDocument(alice, 'twice.pdf');
    const id = await offer(alice, { recipient_email: bob.email, document_ids: [doc.id] });
    const [one, two] = await Promise.all([accept(bob, id), accept(bob, id)]);
    expect([one.status, two.status].filter((s) => s === 200)).toHaveLength(1);
    expect((await ownerOf(doc.id))?.user_id).toBe(bob.id);
    expect(await download(bob, (await ownerOf(doc.id))!.storage_path)).toBe(doc.body);
  });

  it('expires a pending offer after 14 days through the scheduler and mails the sender', async () => {
    const { stack, alice, carol } = people();
    const doc = await addDocument(alice, 'expiring.pdf');
    const id = await offer(alice, { recipient_email: carol.email, document_ids: [doc.id] });
    await stack.scheduler.runNow('expire-transfers');
    expect(await stateOf(id)).toBe('pending');
    stack.scheduler.advance(15 * DAY);
    const result = await stack.scheduler.runNow('expire-transfers');
    expect(Number((result as { expired: number }).expired)).toBeGreaterThanOrEqual(1);
    expect(await stateOf(id)).toBe('expired');
    expect((await accept(carol, id)).body.message).toBe('This transfer was already expired.');
    expect((await alice.client.rpc('cancel_transfer', { transfer_id: id })).error?.message).toBe('This transfer was already expired.');
    await stack.scheduler.runNow('deliver-mail');
    expect((await listMail(stack.dataDir, alice.email)).map((m) => m.type)).toContain('transfer_expired');
    // The document can be offered again.
    await offer(alice, { recipient_email: carol.email, document_ids: [doc.id] });
  });

  it('shows an offer to an address without an account once that person signs up', async () => {
    const { stack, alice } = people();
    const doc = await addDocument(alice, 'for-newcomer.pdf');
    const email = `newcomer-${randomUUID().slice(0, 8)}@example.com`;
    const id = await offer(alice, { recipient_email: email, document_ids: [doc.id] });
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const signedUp = await client.auth.signUp({ email, password: `pw-${randomUUID()}` });
    expect(signedUp.error).toBeNull();
    const confirmed = Boolean(signedUp.data.user?.email_confirmed_at);
    const seen = ((await client.rpc('my_transfers')).data as TransferRow[] | null) ?? [];
    if (confirmed) {
      expect(seen.map((t) => t.id)).toContain(id);
    } else {
      expect(seen).toEqual([]);
    }
    expect((await anonClient(stack).rpc('my_transfers')).data ?? []).toEqual([]);
  });
});
