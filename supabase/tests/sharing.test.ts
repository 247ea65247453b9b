// Portfolios and share links (issue 11) on PGlite and PostgreSQL: two people and an anonymous
// visitor through supabase-js and raw HTTP. Portfolio names follow SPEC §5; links open only what
// they share, count views exactly, refuse wrong passwords without saying whether a link exists,
// stop serving trashed documents at once, and rate-limit guessing.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { anonClient, createTestUser, serviceClient } from '../../local-stack/test/support/users.js';

interface Person {
  client: SupabaseClient;
  id: string;
  token: string;
}

interface OpenAnswer {
  status: string;
  visit?: string;
  kind?: string;
  title?: string;
  allow_download?: boolean;
  documents?: Array<{ id: string; name: string; mime_type: string; size: number }>;
}

async function signUp(stack: TestStack, label: string): Promise<Person> {
  const user = await createTestUser(stack, label);
  return { client: user.client, id: user.id, token: user.accessToken };
}

async function addDocument(person: Person, name: string, portfolioId: string | null = null, body = '%PDF-1.4 test') {
  const id = randomUUID();
  const path = `${person.id}/${id}/${name}`;
  const upload = await person.client.storage.from('documents').upload(path, new Blob([body], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (upload.error) throw new Error(`upload failed: ${upload.error.message}`);
  const { error } = await person.client
    .from('documents')
    .insert({ id, name, storage_path: path, mime_type: 'application/pdf', size: body.length, portfolio_id: portfolioId });
  if (error) throw new Error(`insert failed: ${error.message}`);
  return id;
}

async function createLink(person: Person, options: Record<string, unknown>): Promise<{ id: string; token: string }> {
  const { data, error } = await person.client.rpc('create_share_link', options);
  if (error) throw new Error(`create_share_link failed: ${error.message}`);
  return (data as Array<{ id: string; token: string }>)[0];
}

describe.each(databasesSync())('portfolios and sharing on %s', (database) => {
  let stack: TestStack;
  let alice: Person;
  let bob: Person;
  let forwardedFor = 0;

  /** The Edge Function as a browser calls it: raw HTTP with the anon key, one address per call site. */
  async function resolve(body: Record<string, unknown>, address = `198.51.100.${(forwardedFor++ % 250) + 1}`) {
    const res = await fetch(`${stack.url}/functions/v1/share-resolve`, {
      method: 'POST',
      headers: {
        apikey: stack.anonKey,
        Authorization: `Bearer ${stack.anonKey}`,
        'Content-Type': 'application/json',
        'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
        'X-Forwarded-For': address,
      },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as OpenAnswer & { url?: string; name?: string } };
  }

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await signUp(stack, 'alice');
    bob = await signUp(stack, 'bob');
  }, 120_000);

  afterAll(async () => {
    await stack?.stop();
  });

  describe('portfolios', () => {
    it('stores names sanitised (SPEC §5) and refuses one that sanitises to empty', async () => {
      const made = await alice.client.from('portfolios').insert({ name: '  Visa <2027>:   "Spain" ' }).select('id,name,updated_at').single();
      expect(made.error).toBeNull();
      expect(made.data?.name).toBe('Visa 2027 Spain');
      const empty = await alice.client.from('portfolios').insert({ name: ' <>:?* ' });
      expect(empty.error?.message).toBe('Invalid portfolio name provided');
      const long = await alice.client.from('portfolios').insert({ name: 'y'.repeat(140) }).select('name').single();
      expect(long.data?.name).toHaveLength(100);
    });

    it('keeps names unique per person regardless of case, but not across people', async () => {
      const first = await alice.client.from('portfolios').insert({ name: 'House Purchase' });
      expect(first.error).toBeNull();
      const again = await alice.client.from('portfolios').insert({ name: 'house purchase' });
      expect(again.error).not.toBeNull();
      const bobs = await bob.client.from('portfolios').insert({ name: 'House purchase' });
      expect(bobs.error).toBeNull();
    });

    it('moves updated_at on rename and keeps the id', async () => {
      const made = await alice.client.from('portfolios').insert({ name: 'Rename me' }).select('id,updated_at').single();
      await new Promise((r) => setTimeout(r, 20));
      const renamed = await alice.client.from('portfolios').update({ name: 'Renamed', color: '#16a34a', icon: 'plane' }).eq('id', made.data!.id).select('id,name,updated_at').single();
      expect(renamed.data?.id).toBe(made.data!.id);
      expect(new Date(renamed.data!.updated_at).getTime()).toBeGreaterThan(new Date(made.data!.updated_at).getTime());
    });

    it("summarises only the caller's portfolios: count, size, nearest expiry", async () => {
      const p = await alice.client.from('portfolios').insert({ name: 'Overview' }).select('id').single();
      const d1 = await addDocument(alice, 'one.pdf', p.data!.id, 'abcd');
      await addDocument(alice, 'two.pdf', p.data!.id, 'abcdef');
      await alice.client.from('documents').update({ expires_on: '2099-01-02' }).eq('id', d1);
      const mine = await alice.client.rpc('portfolio_overview');
      expect(mine.error).toBeNull();
      const row = (mine.data as Array<{ id: string; document_count: number; total_size: number; nearest_expiry: string }>).find((r) => r.id === p.data!.id)!;
      expect(Number(row.document_count)).toBe(2);
      expect(Number(row.total_size)).toBe(10);
      expect(row.nearest_expiry).toBe('2099-01-02');
      const bobs = await bob.client.rpc('portfolio_overview');
      expect((bobs.data as Array<{ id: string }>).map((r) => r.id)).not.toContain(p.data!.id);
      const anon = await anonClient(stack).rpc('portfolio_overview');
      expect(anon.error).not.toBeNull();
    });

    it('leaves documents without a portfolio when it is deleted', async () => {
      const p = await alice.client.from('portfolios').insert({ name: 'Short lived' }).select('id').single();
      const doc = await addDocument(alice, 'stays.pdf', p.data!.id);
      const del = await alice.client.from('portfolios').delete().eq('id', p.data!.id);
      expect(del.error).toBeNull();
      const left = await alice.client.from('documents').select('portfolio_id').eq('id', doc).single();
      expect(left.data).toEqual({ portfolio_id: null });
    });

    it("refuses a document in another person's portfolio and checklist slots across people", async () => {
      const p = await alice.client.from('portfolios').insert({ name: 'Checklist' }).select('id').single();
      const bobDoc = await addDocument(bob, 'bob.pdf');
      const move = await bob.client.from('documents').update({ portfolio_id: p.data!.id }).eq('id', bobDoc).select('id');
      expect(move.error).not.toBeNull();
      const slot = await alice.client.from('portfolio_checklist_items').insert({ portfolio_id: p.data!.id, label: 'Passport' }).select('id').single();
      expect(slot.error).toBeNull();
      const foreignFill = await alice.client.from('portfolio_checklist_items').update({ document_id: bobDoc }).eq('id', slot.data!.id).select('id');
      expect(foreignFill.error).not.toBeNull();
      const bobSees = await bob.client.from('portfolio_checklist_items').select('id');
      expect(bobSees.data).toEqual([]);
      const bobSlot = await bob.client.from('portfolio_checklist_items').insert({ portfolio_id: p.data!.id, label: 'Planted' });
      expect(bobSlot.error).not.toBeNull();
      const own = await addDocument(alice, 'passport.pdf', p.data!.id);
      const fill = await alice.client.from('portfolio_checklist_items').update({ document_id: own }).eq('id', slot.data!.id).select('document_id').single();
      expect(fill.data).toEqual({ document_id: own });
    });
  });

  describe('share links', () => {
    it('creates a link only for the owner, returns a long token once and stores only its hash', async () => {
      const doc = await addDocument(alice, 'passport copy.pdf');
      const link = await createLink(alice, { document_id: doc });
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes = 192 bits
      const bobTry = await bob.client.rpc('create_share_link', { document_id: doc });
      expect(bobTry.error).not.toBeNull();
      const anonTry = await anonClient(stack).rpc('create_share_link', { document_id: doc });
      expect(anonTry.error).not.toBeNull();
      const secrets = await alice.client.from('share_link_secrets').select('token_hash');
      expect(secrets.data ?? []).toEqual([]);
      const stored = await stack.db.admin((q) => q.query<{ token_hash: string }>('select token_hash from public.share_link_secrets where link_id = $1', [link.id]));
      expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(stored.rows[0].token_hash).not.toContain(link.token);
      const bobList = await bob.client.rpc('list_share_links', { document_id: doc });
      expect(bobList.data).toEqual([]);
      const aliceList = await alice.client.rpc('list_share_links', { document_id: doc });
      expect((aliceList.data as Array<{ id: string; state: string; has_password: boolean }>)[0]).toMatchObject({ id: link.id, state: 'active', has_password: false });
    });

    it('never lets anon or a signed-in person call the visitor functions or read the tables directly', async () => {
      const anon = anonClient(stack);
      for (const client of [anon, bob.client]) {
        const open = await client.rpc('share_open', { token: 'x'.repeat(32) });
        expect(open.error).not.toBeNull();
        const file = await client.rpc('share_file', { visit: 'x'.repeat(32), document_id: randomUUID() });
        expect(file.error).not.toBeNull();
        const links = await client.from('share_links').select('id');
        expect(links.data ?? []).toEqual([]);
        const secrets = await client.from('share_link_secrets').select('link_id');
        expect(secrets.data ?? []).toEqual([]);
        const visits = await client.from('share_visits').select('link_id');
        expect(visits.data ?? []).toEqual([]);
      }
      const raw = await fetch(`${stack.url}/rest/v1/rpc/share_open`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: 'x'.repeat(32) }),
      });
      expect(raw.status).toBeGreaterThanOrEqual(400);
    });

    it('saves a shared download under the document’s renamed UTF-8 name with its extension (issue 21 item 2)', async () => {
      const doc = await addDocument(alice, 'passport-scan.pdf', null, '%PDF-1.4 passport');
      const renamed = await alice.client.from('documents').update({ name: 'Passport – Eleanor Whitfield' }).eq('id', doc);
      expect(renamed.error).toBeNull();
      const link = await createLink(alice, { document_id: doc, allow_download: true });
      const opened = await resolve({ action: 'open', token: link.token });
      const download = await resolve({ action: 'file', visit: opened.body.visit, document_id: doc, purpose: 'download' });
      expect(download.body).toMatchObject({ status: 'ok', name: 'Passport – Eleanor Whitfield', file_name: 'Passport – Eleanor Whitfield.pdf' });
      const file = await fetch(download.body.url!);
      expect(await file.text()).toBe('%PDF-1.4 passport');
      const header = file.headers.get('content-disposition') ?? '';
      // RFC 5987: only attr-chars and %XX after UTF-8'' — and one decoding gives the name back.
      const star = /filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(header);
      expect(star && decodeURIComponent(star[1])).toBe('Passport – Eleanor Whitfield.pdf');
      expect(header).toContain('filename="Passport - Eleanor Whitfield.pdf"');
    });

    it('opens a document link for an anonymous visitor, serves its file and nothing else of the owner', async () => {
      const doc = await addDocument(alice, 'insurance.pdf', null, '%PDF-1.4 insurance');
      const other = await addDocument(alice, 'private.pdf');
      const link = await createLink(alice, { document_id: doc, allow_download: false });
      const opened = await resolve({ action: 'open', token: link.token });
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ status: 'ok', kind: 'document', title: 'insurance.pdf', allow_download: false });
      expect(opened.body.documents).toEqual([{ id: doc, name: 'insurance.pdf', mime_type: 'application/pdf', size: 18 }]);
      expect(JSON.stringify(opened.body)).not.toContain(alice.id);

      const preview = await resolve({ action: 'file', visit: opened.body.visit, document_id: doc, purpose: 'preview' });
      expect(preview.body.status).toBe('ok');
      const file = await fetch(preview.body.url!);
      expect(await file.text()).toBe('%PDF-1.4 insurance');

      const download = await resolve({ action: 'file', visit: opened.body.visit, document_id: doc, purpose: 'download' });
      expect(download.body).toEqual({ status: 'forbidden' });
      const sideways = await resolve({ action: 'file', visit: opened.body.visit, document_id: other, purpose: 'preview' });
      expect(sideways.body).toEqual({ status: 'unavailable' });
      const bobsDoc = await addDocument(bob, 'bob-secret.pdf');
      const cross = await resolve({ action: 'file', visit: opened.body.visit, document_id: bobsDoc, purpose: 'preview' });
      expect(cross.body).toEqual({ status: 'unavailable' });

      const log = await alice.client.from('share_views').select('kind,client,document_id').eq('link_id', link.id).order('id');
      expect(log.data).toEqual([
        { kind: 'open', client: 'Safari · phone', document_id: doc },
        { kind: 'preview', client: 'Safari · phone', document_id: doc },
      ]);
      const bobLog = await bob.client.from('share_views').select('id').eq('link_id', link.id);
      expect(bobLog.data).toEqual([]);
    });

    it('refuses a wrong password exactly as an unknown token with a password, and locks after 5', async () => {
      const doc = await addDocument(alice, 'bank.pdf');
      const link = await createLink(alice, { document_id: doc, password: 'correct horse' });
      const needs = await resolve({ action: 'open', token: link.token });
      expect(needs.body).toEqual({ status: 'password_required' });
      const wrong = await resolve({ action: 'open', token: link.token, password: 'nope' });
      const unknown = await resolve({ action: 'open', token: 'A'.repeat(32), password: 'nope' });
      expect(wrong).toEqual(unknown);
      expect(wrong.body).toEqual({ status: 'password_invalid' });
      const right = await resolve({ action: 'open', token: link.token, password: 'correct horse' });
      expect(right.body.status).toBe('ok');
      for (let i = 0; i < 5; i++) await resolve({ action: 'open', token: link.token, password: `wrong-${i}` });
      const locked = await resolve({ action: 'open', token: link.token, password: 'correct horse' });
      expect(locked.body).toEqual({ status: 'rate_limited' });
      const stored = await stack.db.admin((q) => q.query<{ password_hash: string }>('select password_hash from public.share_link_secrets where link_id = $1', [link.id]));
      expect(stored.rows[0].password_hash).toMatch(/^\$2a\$/);
      expect(stored.rows[0].password_hash).not.toContain('correct horse');
    });

    it('rate-limits one address guessing tokens, without naming a link', async () => {
      const address = '203.0.113.77';
      for (let i = 0; i < 20; i++) {
        const guess = await resolve({ action: 'open', token: randomUUID().replace(/-/g, '') }, address);
        expect(guess.body).toEqual({ status: 'unavailable' });
      }
      const doc = await addDocument(alice, 'real.pdf');
      const link = await createLink(alice, { document_id: doc });
      const blocked = await resolve({ action: 'open', token: link.token }, address);
      expect(blocked.body).toEqual({ status: 'rate_limited' });
      const elsewhere = await resolve({ action: 'open', token: link.token }, '203.0.113.78');
      expect(elsewhere.body.status).toBe('ok');
    });

    it('opens a one-time link exactly once under 20 simultaneous visitors', async () => {
      const doc = await addDocument(alice, 'one-time.pdf');
      const link = await createLink(alice, { document_id: doc, max_views: 1 });
      const answers = await Promise.all(Array.from({ length: 20 }, () => resolve({ action: 'open', token: link.token })));
      expect(answers.filter((a) => a.body.status === 'ok')).toHaveLength(1);
      expect(answers.filter((a) => a.body.status === 'unavailable')).toHaveLength(19);
      const list = await alice.client.rpc('list_share_links', { document_id: doc });
      expect((list.data as Array<{ view_count: number; state: string }>)[0]).toMatchObject({ view_count: 1, state: 'used_up' });
    });

    it('counts exactly under concurrency with a larger limit', async () => {
      const doc = await addDocument(alice, 'five.pdf');
      const link = await createLink(alice, { document_id: doc, max_views: 5 });
      const answers = await Promise.all(Array.from({ length: 20 }, () => resolve({ action: 'open', token: link.token })));
      expect(answers.filter((a) => a.body.status === 'ok')).toHaveLength(5);
    });

    it('refuses every file once a link is revoked or expired, and stops serving a trashed document at once', async () => {
      const doc = await addDocument(alice, 'revoke-me.pdf');
      const link = await createLink(alice, { document_id: doc });
      const opened = await resolve({ action: 'open', token: link.token });
      expect(opened.body.status).toBe('ok');

      await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', doc);
      expect((await resolve({ action: 'file', visit: opened.body.visit, document_id: doc })).body).toEqual({ status: 'unavailable' });
      expect((await resolve({ action: 'open', token: link.token })).body).toEqual({ status: 'unavailable' });
      await alice.client.from('documents').update({ deleted_at: null }).eq('id', doc);

      const bobRevoke = await bob.client.from('share_links').update({ revoked_at: new Date().toISOString() }).eq('id', link.id).select('id');
      expect(bobRevoke.data ?? []).toEqual([]);
      expect((await resolve({ action: 'file', visit: opened.body.visit, document_id: doc })).body.status).toBe('ok');

      const revoked = await alice.client.from('share_links').update({ revoked_at: new Date().toISOString() }).eq('id', link.id).select('id');
      expect(revoked.data).toHaveLength(1);
      expect((await resolve({ action: 'file', visit: opened.body.visit, document_id: doc })).body).toEqual({ status: 'unavailable' });
      expect((await resolve({ action: 'open', token: link.token })).body).toEqual({ status: 'unavailable' });

      const later = await createLink(alice, { document_id: doc, expires_at: new Date(Date.now() + 60_000).toISOString() });
      const visit = await resolve({ action: 'open', token: later.token });
      await stack.db.admin((q) => q.query(`update public.share_links set expires_at = now() - interval '1 second' where id = $1`, [later.id]));
      expect((await resolve({ action: 'open', token: later.token })).body).toEqual({ status: 'expired' });
      expect((await resolve({ action: 'file', visit: visit.body.visit, document_id: doc })).body).toEqual({ status: 'expired' });
      const states = await alice.client.rpc('list_share_links', { document_id: doc });
      expect((states.data as Array<{ id: string; state: string }>).map((s) => [s.id, s.state])).toEqual([
        [later.id, 'expired'],
        [link.id, 'revoked'],
      ]);
    });

    it('shares a portfolio live: later documents appear, removed and trashed ones disappear', async () => {
      const p = await alice.client.from('portfolios').insert({ name: 'For the accountant' }).select('id').single();
      const a = await addDocument(alice, 'a.pdf', p.data!.id);
      const b = await addDocument(alice, 'b.pdf', p.data!.id);
      const outside = await addDocument(alice, 'outside.pdf');
      const link = await createLink(alice, { portfolio_id: p.data!.id });
      const first = await resolve({ action: 'open', token: link.token });
      expect(first.body).toMatchObject({ status: 'ok', kind: 'portfolio', title: 'For the accountant' });
      expect(first.body.documents!.map((d) => d.id)).toEqual([a, b]);
      expect((await resolve({ action: 'file', visit: first.body.visit, document_id: outside })).body).toEqual({ status: 'unavailable' });

      const c = await addDocument(alice, 'c.pdf', p.data!.id);
      await alice.client.from('documents').update({ portfolio_id: null }).eq('id', a);
      await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', b);
      const second = await resolve({ action: 'open', token: link.token });
      expect(second.body.documents!.map((d) => d.id)).toEqual([c]);
      expect((await resolve({ action: 'file', visit: first.body.visit, document_id: a })).body).toEqual({ status: 'unavailable' });
      const download = await resolve({ action: 'file', visit: second.body.visit, document_id: c, purpose: 'download' });
      expect(download.body.status).toBe('ok');
      expect(download.body.url).toContain('download=');
      const log = await alice.client.from('share_views').select('kind,document_id').eq('link_id', link.id).eq('kind', 'download');
      expect(log.data).toEqual([{ kind: 'download', document_id: c }]);
    });

    it('edits options and the password after creation, for the owner only', async () => {
      const doc = await addDocument(alice, 'edit.pdf');
      const link = await createLink(alice, { document_id: doc });
      const bobPw = await bob.client.rpc('set_share_link_password', { link_id: link.id, password: 'taken over' });
      expect(bobPw.error).not.toBeNull();
      const setPw = await alice.client.rpc('set_share_link_password', { link_id: link.id, password: 'secret1' });
      expect(setPw.error).toBeNull();
      expect((await resolve({ action: 'open', token: link.token })).body).toEqual({ status: 'password_required' });
      await alice.client.rpc('set_share_link_password', { link_id: link.id, password: null });
      const opts = await alice.client.from('share_links').update({ max_views: 1, allow_download: false, label: 'Bank' }).eq('id', link.id).select('id');
      expect(opts.error).toBeNull();
      expect((await resolve({ action: 'open', token: link.token })).body).toMatchObject({ status: 'ok', allow_download: false });
      expect((await resolve({ action: 'open', token: link.token })).body).toEqual({ status: 'unavailable' });
      const past = await alice.client.rpc('create_share_link', { document_id: doc, expires_at: new Date(Date.now() - 1000).toISOString() });
      expect(past.error).not.toBeNull();
    });

    it('answers unknown and malformed tokens the same way through supabase-js functions.invoke', async () => {
      const anon = anonClient(stack);
      const { data, error } = await anon.functions.invoke('share-resolve', { body: { action: 'open', token: "'; drop table share_links; --" } });
      expect(error).toBeNull();
      expect(data).toEqual({ status: 'unavailable' });
      const service = serviceClient(stack);
      const still = await service.from('share_links').select('id', { count: 'exact', head: true });
      expect(still.error).toBeNull();
    });
  });
});
