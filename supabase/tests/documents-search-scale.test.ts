// search_documents when a query is common (issue 8 §7, ADRs 0040, 0180 and 0230), on PGlite and
// PostgreSQL: the top 50 of a common query are those of the exact ranking (compared on the same
// data) — also when documents whose text alone puts the words together out-rank the name matches
// (the champion candidates) —, a selective query answers exactly what ranking every match answers,
// the candidates' side tables follow every change to a document, a tag filter's total is exact
// through trash and restore, and neither another person nor an anonymous visitor gets anything —
// through supabase-js and raw HTTP.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { bulkLoadDocuments } from '../../local-stack/test/support/bulk-load.js';
import { agreement, exactRanking as exactOf, type RankedHit } from '../../local-stack/test/support/search-agreement.js';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { anonClient, createTestUser, type TestUser } from '../../local-stack/test/support/users.js';

const DOCUMENTS = 1500;
const VOCABULARY =
  'account address agreement allowance annual appointment assessment balance bank benefit bill birth booking certificate ' +
  'claim clinic contract council coverage credit deed dental deposit diploma doctor employer energy estate exam expense ' +
  'flight garage grant guarantee health holiday hospital income insurance interest invoice lease letter licence loan';

interface Hit {
  id: string;
  rank: number;
  snippet: string | null;
  total_count: number | string | null;
}

/** The ranking the function used before (every match, ts_rank over the whole vector), as the owner. */
const exactRanking = (stack: TestStack, userId: string, query: string, limit: number): Promise<RankedHit[]> =>
  stack.db.admin((q) => exactOf(q, userId, query, limit));

const rounded = (n: number) => Math.round(n * 1e5) / 1e5;

describe.each(databasesSync())('search at scale on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let carolBodyOnly: string[];

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createTestUser(stack, 'alice');
    bob = await createTestUser(stack, 'bob');
    carol = await createTestUser(stack, 'carol');
    // One document in three has "invoice" in its name (so the query is common in names, and the
    // function ranks its candidates); every text is 120 words of the same vocabulary; one in a
    // hundred carries the rare word.
    await bulkLoadDocuments(stack, (q) =>
      q.query(
        `with words as (select string_to_array($2, ' ') as w)
         insert into public.documents (id, user_id, name, storage_path, mime_type, size, extracted_text, created_at)
         select id, $1::uuid, name, $1 || '/' || id || '/f.pdf', 'application/pdf', 1000, text, now() - (i || ' minutes')::interval
           from (
             select gen_random_uuid() as id, i,
                    case when i % 3 = 0 then 'invoice ' else '' end || (select w[1 + (i * 7) % array_length(w, 1)] from words) || ' ' || i || '.pdf' as name,
                    (select string_agg(w[1 + ((i * 31 + k * k * 17 + k * i) % array_length(w, 1))], ' ') from words, generate_series(1, 120) as k)
                      || case when i % 100 = 5 then ' quetzalcoatl' else '' end as text
               from generate_series(1, $3::integer) as i
           ) s`,
        [alice.id, VOCABULARY, DOCUMENTS],
      ),
    );
    // Carol: 300 documents with "invoice" in the name whose text mentions "loan" once, far from
    // it (they match "invoice loan" but rank low), and 40 scans whose names carry neither word but
    // whose texts say "invoice loan" five times: the exact ranking puts the 40 first. They are not
    // head candidates (nothing in the name); only the champion pairs find them.
    carolBodyOnly = await bulkLoadDocuments(stack, async (q) => {
      await q.query(
        `with words as (select string_to_array($2, ' ') as w)
         insert into public.documents (id, user_id, name, storage_path, mime_type, size, extracted_text, created_at)
         select id, $1::uuid, 'invoice ' || i || '.pdf', $1 || '/' || id || '/f.pdf', 'application/pdf', 1000,
                (select string_agg(w[1 + ((i + k) % 40)], ' ') from words, generate_series(1, 60) as k) || ' loan '
                  || (select string_agg(w[1 + ((i * 3 + k) % 40)], ' ') from words, generate_series(1, 60) as k),
                now() - (i || ' minutes')::interval
           from (select gen_random_uuid() as id, i from generate_series(1, 300) as i) s`,
        [carol.id, VOCABULARY],
      );
      const scans = await q.query<{ id: string }>(
        `with words as (select string_to_array($2, ' ') as w)
         insert into public.documents (id, user_id, name, storage_path, mime_type, size, extracted_text, created_at)
         select id, $1::uuid, 'scan ' || i || '.pdf', $1 || '/' || id || '/f.pdf', 'application/pdf', 1000,
                (select string_agg((select string_agg(w[1 + ((i + r * 7 + k) % 40)], ' ') from generate_series(1, 12) as k) || ' invoice loan', ' ')
                   from words, generate_series(1, 5) as r),
                now() - ((1000 + i) || ' minutes')::interval
           from (select gen_random_uuid() as id, i from generate_series(1, 40) as i) s
         returning id`,
        [carol.id, VOCABULARY],
      );
      return scans.rows.map((row) => row.id);
    });
    await stack.db.admin((q) => q.query('analyze public.documents'));
    // Seeding PGlite blocks the stack's event loop (same process), so a kept-alive socket may have
    // been closed under the client: spend it on a warm-up request.
    for (let i = 0; i < 2; i += 1) await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: stack.anonKey } }).then((r) => r.arrayBuffer(), () => undefined);
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  const search = (client: SupabaseClient, args: Record<string, unknown>) => client.rpc('search_documents', { page_limit: 50, ...args });

  it('a common query answers the 50 most relevant documents of the exact ranking', async () => {
    const { data, error } = await search(alice.client, { query: 'invoice loan' });
    expect(error).toBeNull();
    const hits = data as Hit[];
    expect(hits).toHaveLength(50);
    const exact = await exactRanking(stack, alice.id, 'invoice loan', 50);
    // The same relevance at every position (documents of equal rank may trade places).
    expect(hits.map((h) => rounded(Number(h.rank)))).toEqual(exact.map((e) => rounded(e.rank)));
    const exactIds = new Set(exact.map((e) => e.id));
    const lastRank = exact[exact.length - 1].rank;
    for (const hit of hits) {
      if (!exactIds.has(hit.id)) expect(rounded(Number(hit.rank))).toBe(rounded(lastRank));
    }
    // The figures bench:documents prints at 100,000 documents, here at their ideal values.
    const a = agreement(hits.map((h) => ({ id: h.id, rank: Number(h.rank) })), await exactRanking(stack, alice.id, 'invoice loan', 400));
    expect(a.sameRelevance).toBe(50);
    expect(a.ndcg).toBeCloseTo(1, 6);
    expect(a.spearman).toBeGreaterThan(0.99);
    // It ranked its candidates, not every match: the total says how many it considered.
    const matches = (await stack.db.admin((q) => q.query<{ n: string }>(`select count(*) as n from public.documents where search @@ websearch_to_tsquery('public.dossier_search', 'invoice loan')`))).rows[0].n;
    expect(Number(matches)).toBeGreaterThan(200);
    expect(Number(hits[0].total_count)).toBeLessThanOrEqual(200);
  });

  it('a selective query answers exactly what ranking every match answers', async () => {
    const { data, error } = await search(alice.client, { query: 'quetzalcoatl' });
    expect(error).toBeNull();
    const hits = data as Hit[];
    const exact = await exactRanking(stack, alice.id, 'quetzalcoatl', 50);
    expect(hits.map((h) => h.id)).toEqual(exact.map((e) => e.id));
    expect(Number(hits[0].total_count)).toBe(DOCUMENTS / 100);
    // The snippet comes from a window of the text around the first match: the word is in it, marked.
    expect(hits.every((h) => h.snippet?.includes('\u{E000}quetzalcoatl\u{E001}'))).toBe(true);
  });

  it('documents whose text alone puts the words together reach the top 50 (champion candidates)', async () => {
    const { data, error } = await search(carol.client, { query: 'invoice loan' });
    expect(error).toBeNull();
    const hits = data as Hit[];
    expect(hits).toHaveLength(50);
    const exact = await exactRanking(stack, carol.id, 'invoice loan', 340);
    expect(exact).toHaveLength(340);
    // Every one of the 40 is in the answer, first, as in the exact ranking.
    expect(new Set(hits.slice(0, 40).map((h) => h.id))).toEqual(new Set(carolBodyOnly));
    expect(hits.map((h) => rounded(Number(h.rank)))).toEqual(exact.slice(0, 50).map((e) => rounded(e.rank)));
    const a = agreement(hits.map((h) => ({ id: h.id, rank: Number(h.rank) })), exact);
    expect(a.overlap).toBe(50);
    expect(a.ndcg).toBeCloseTo(1, 6);
    // Still the candidate path (300 name matches), not a ranking of every match.
    expect(Number(hits[0].total_count)).toBeLessThan(340);
  });

  it('a tag filter’s total is exact and follows trash and restore', async () => {
    const tag = await alice.client.from('tags').insert({ name: 'Scale', color: '#2563eb' }).select('id').single();
    expect(tag.error).toBeNull();
    const tagged = ((await alice.client.from('documents').select('id').order('created_at', { ascending: false }).limit(120)).data ?? []).map((d) => d.id as string);
    expect((await alice.client.from('document_tags').insert(tagged.map((id) => ({ document_id: id, tag_id: tag.data!.id })))).error).toBeNull();
    const total = async (trashed = false) =>
      Number(((await search(alice.client, { tag_ids: [tag.data!.id], sort_by: 'name', trashed })).data as Hit[])[0]?.total_count ?? 0);
    expect(await total()).toBe(120);
    expect((await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).in('id', tagged.slice(0, 7))).error).toBeNull();
    expect(await total()).toBe(113);
    expect(await total(true)).toBe(7);
    expect((await alice.client.from('documents').update({ deleted_at: null }).in('id', tagged.slice(0, 7))).error).toBeNull();
    expect(await total()).toBe(120);
    // The link's owner and trashed flag come from the document, whatever a writer sends.
    expect((await alice.client.from('document_tags').delete().eq('document_id', tagged[0]).eq('tag_id', tag.data!.id)).error).toBeNull();
    const forged = await alice.client.from('document_tags').insert({ document_id: tagged[0], tag_id: tag.data!.id, document_user_id: bob.id, document_trashed: true });
    expect(forged.error).toBeNull();
    const link = await stack.db.admin((q) => q.query<{ document_user_id: string; document_trashed: boolean }>(
      'select document_user_id, document_trashed from public.document_tags where document_id = $1 and tag_id = $2', [tagged[0], tag.data!.id]));
    expect(link.rows).toEqual([{ document_user_id: alice.id, document_trashed: false }]);
    // Bob, naming Alice's tag, counts nothing of hers.
    expect((await search(bob.client, { tag_ids: [tag.data!.id] })).data).toEqual([]);
    expect((await alice.client.from('document_tags').delete().eq('tag_id', tag.data!.id)).error).toBeNull();
    expect((await alice.client.from('tags').delete().eq('id', tag.data!.id)).error).toBeNull();
  });

  it('a common query under a filter ranks the filtered candidates like the exact ranking', async () => {
    // Every document is a PDF and live: the filter keeps all, but takes the path through documents.
    const { data, error } = await search(alice.client, { query: 'invoice loan', mime_types: ['application/pdf'] });
    expect(error).toBeNull();
    const exact = await exactRanking(stack, alice.id, 'invoice loan', 50);
    expect((data as Hit[]).map((h) => rounded(Number(h.rank)))).toEqual(exact.map((e) => rounded(e.rank)));
  });

  it('the second page of a common query continues the first without repeats', async () => {
    const first = (await search(alice.client, { query: 'invoice loan' })).data as Hit[];
    const second = (await search(alice.client, { query: 'invoice loan', page_offset: 50 })).data as Hit[];
    expect(second.length).toBeGreaterThan(0);
    const seen = new Set(first.map((h) => h.id));
    expect(second.filter((h) => seen.has(h.id))).toEqual([]);
    expect(Number(second[0].rank)).toBeLessThanOrEqual(Number(first[first.length - 1].rank));
  });

  it('another person and an anonymous visitor get nothing, by supabase-js and by raw HTTP', async () => {
    expect((await search(bob.client, { query: 'invoice loan' })).data).toEqual([]);
    expect((await search(bob.client, { query: 'quetzalcoatl' })).data).toEqual([]);
    const anonymous = await search(anonClient(stack), { query: 'invoice loan' });
    expect(anonymous.error).not.toBeNull();
    expect(anonymous.data ?? []).toEqual([]);

    const raw = (token: string) =>
      fetch(`${stack.url}/rest/v1/rpc/search_documents`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'invoice loan', page_limit: 50 }),
      });
    const asBob = await raw(bob.accessToken);
    expect(asBob.status).toBe(200);
    expect(await asBob.json()).toEqual([]);
    const asAnon = await raw(stack.anonKey);
    expect(asAnon.status).toBeGreaterThanOrEqual(400);
    const asAlice = await raw(alice.accessToken);
    expect(((await asAlice.json()) as Hit[]).length).toBe(50);
  });

  it('the candidates follow a document: renamed, trashed, restored and deleted', async () => {
    const id = await bulkLoadDocuments(stack, async (q) => {
      const r = await q.query<{ id: string }>(
        `insert into public.documents (id, user_id, name, storage_path, mime_type, size, extracted_text)
         values ($2::uuid, $1::uuid, 'xylophone notes.pdf', $1::text || '/' || $2::text || '/f.pdf', 'application/pdf', 10, 'nothing common') returning id`,
        [alice.id, randomUUID()],
      );
      return r.rows[0].id;
    });
    const lead = () =>
      stack.db.admin(async (q) => (await q.query<{ head: string; trashed: boolean }>(`select head::text, trashed from public.document_search_leads where document_id = $1`, [id])).rows[0]);
    expect((await lead()).head).toContain('xylophon');
    expect((await alice.client.from('documents').update({ name: 'marimba notes.pdf' }).eq('id', id)).error).toBeNull();
    expect((await lead()).head).toContain('marimba');
    expect((await lead()).head).not.toContain('xylophon');
    expect((await alice.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', id)).error).toBeNull();
    expect((await lead()).trashed).toBe(true);
    const champion = () =>
      stack.db.admin(async (q) => (await q.query<{ trashed: boolean }>(`select trashed from public.document_search_champions where document_id = $1`, [id])).rows[0]);
    expect((await champion()).trashed).toBe(true);
    expect(((await search(alice.client, { query: 'marimba' })).data as Hit[]).map((h) => h.id)).toEqual([]);
    expect(((await search(alice.client, { query: 'marimba', trashed: true })).data as Hit[]).map((h) => h.id)).toEqual([id]);
    expect((await alice.client.from('documents').update({ deleted_at: null }).eq('id', id)).error).toBeNull();
    expect((await lead()).trashed).toBe(false);
    await stack.db.admin((q) => q.query('delete from public.documents where id = $1', [id]));
    expect(await lead()).toBeUndefined();
    expect(await champion()).toBeUndefined();
  });

  const sideTables = [
    { table: 'document_search_leads', row: () => ({ created_at: new Date().toISOString(), head: 'x', lead: 'x' }) },
    { table: 'document_search_champions', row: () => ({ positions: 1, terms: 'x', pairs: 'x' }) },
  ];

  it.each(sideTables)('the side table $table is the owner’s alone: another person and anonymous get no rows, nobody writes', async ({ table, row }) => {
    const raw = (token: string, init: RequestInit = {}, filter = 'select=document_id,user_id&limit=5') =>
      fetch(`${stack.url}/rest/v1/${table}?${filter}`, {
        ...init,
        headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
      });
    const mine = (await (await raw(alice.accessToken)).json()) as Array<{ document_id: string; user_id: string }>;
    expect(mine.length).toBe(5);
    expect(mine.every((row) => row.user_id === alice.id)).toBe(true);
    const asBob = await raw(bob.accessToken);
    expect(asBob.status).toBe(200);
    expect(await asBob.json()).toEqual([]);
    const asAnon = await raw(stack.anonKey);
    expect(asAnon.status).toBeGreaterThanOrEqual(400);
    // Only the trigger writes: the owner may not insert, change or delete rows.
    const one = `document_id=eq.${mine[0].document_id}`;
    const forged = await raw(alice.accessToken, { method: 'PATCH', body: JSON.stringify({ trashed: true }) }, one);
    expect(forged.status).toBeGreaterThanOrEqual(400);
    const planted = await raw(alice.accessToken, { method: 'POST', body: JSON.stringify({ document_id: randomUUID(), user_id: alice.id, trashed: false, ...row() }) }, 'select=document_id');
    expect(planted.status).toBeGreaterThanOrEqual(400);
    const removed = await raw(alice.accessToken, { method: 'DELETE' }, one);
    expect(removed.status).toBeGreaterThanOrEqual(400);
    const counted = await stack.db.admin((q) => q.query<{ n: string; trashed: string }>(
      `select count(*) as n, count(*) filter (where trashed) as trashed from public.${table} where user_id = $1`, [alice.id]));
    expect(Number(counted.rows[0].n)).toBe(DOCUMENTS);
    expect(Number(counted.rows[0].trashed)).toBe(0);
    expect((await bob.client.from(table).select('document_id')).data).toEqual([]);
  });
});
