// search_documents when a query is common (issue 8 §7, ADR 0040), on PGlite and PostgreSQL:
// the top 50 of a common query are those of the exact ranking (compared on the same data), a
// selective query answers exactly what ranking every match answers, and neither another person
// nor an anonymous visitor gets anything — through supabase-js and raw HTTP.
import type { SupabaseClient } from '@supabase/supabase-js';
import { bulkLoadDocuments } from './support/bulk-load.js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack.js';
import { anonClient, createTestUser, type TestUser } from './support/users.js';

const DOCUMENTS = 1500;
const VOCABULARY =
  'account address agreement allowance annual appointment assessment balance bank benefit bill birth booking certificate ' +
  'claim clinic contract council coverage credit deed dental deposit diploma doctor employer energy estate exam expense ' +
  'flight garage grant guarantee health holiday hospital income insurance interest invoice lease letter licence loan';

interface Hit {
  id: string;
  rank: number;
  total_count: number | string | null;
}

/** The ranking the function used before (every match, ts_rank over the whole vector), as the owner. */
async function exactRanking(stack: TestStack, userId: string, query: string, limit: number): Promise<Array<{ id: string; rank: number }>> {
  const r = await stack.db.admin((q) =>
    q.query<{ id: string; rank: number }>(
      `select d.id, ts_rank(d.search, websearch_to_tsquery('english', $2), 1) as rank
         from public.documents d
        where d.user_id = $1 and d.deleted_at is null and d.search @@ websearch_to_tsquery('english', $2)
        order by rank desc, d.created_at desc, d.id
        limit $3`,
      [userId, query, limit],
    ),
  );
  return r.rows.map((row) => ({ id: row.id, rank: Number(row.rank) }));
}

const rounded = (n: number) => Math.round(n * 1e5) / 1e5;

describe.each(databasesSync())('search at scale on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createTestUser(stack, 'alice');
    bob = await createTestUser(stack, 'bob');
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
    // It ranked its candidates, not every match: the total says how many it considered.
    const matches = (await stack.db.admin((q) => q.query<{ n: string }>(`select count(*) as n from public.documents where search @@ websearch_to_tsquery('english', 'invoice loan')`))).rows[0].n;
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
});
