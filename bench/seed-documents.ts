/**
 * The documents the search benchmark and the search-quality test run on: deterministic, so runs
 * compare. Each document has 180 words of "extracted text" drawn from a 100-word vocabulary of
 * paperwork (so common words match most documents) and a two-word name from the same vocabulary;
 * one document in 1,000 carries the rare word "quetzalcoatl" (the selective search).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { bulkLoadDocuments } from '../local-stack/test/support/bulk-load.js';
import type { TestStack } from '../local-stack/test/support/test-stack.js';
import type { TestUser } from '../local-stack/test/support/users.js';

export const WORDS = (
  'account address agreement allowance annual appointment assessment balance bank benefit bill birth booking certificate ' +
  'claim clinic contract council coverage credit deed dental deposit diploma doctor employer energy estate exam expense ' +
  'flight garage grant guarantee health holiday hospital income insurance interest invoice lease letter licence loan ' +
  'meter mortgage notice passport payment payslip pension permit policy premium prescription property purchase receipt ' +
  'refund registration renewal rent report salary savings school service statement subscription tax tenancy ticket ' +
  'transcript travel tuition utility vaccination vehicle visa warranty water will'
).split(' ');

/** Deterministic pseudo-random so runs are comparable. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}


export async function seedDocuments(stack: Pick<TestStack, 'db'> & { config?: { databaseUrl?: string } }, user: Pick<TestUser, 'id'>, documents: number): Promise<{ tagId: string }> {
  const random = rng(42);
  const tagId = randomUUID();
  const mimes = ['application/pdf', 'application/pdf', 'image/jpeg', 'image/png', 'text/plain'];
  await stack.db.admin(async (q) => {
    await q.query(`insert into public.tags (id, user_id, name, color) values ($1, $2, 'Bench', '#2563eb')`, [tagId, user.id]);
  });
  const BATCH = 500;
  for (let start = 0; start < documents; start += BATCH) {
    const rows: unknown[] = [];
    const values: string[] = [];
    for (let i = start; i < Math.min(documents, start + BATCH); i += 1) {
      const id = randomUUID();
      const words = Array.from({ length: 180 }, () => WORDS[Math.floor(random() * WORDS.length)]);
      // One document in 1,000 carries a rare word: the selective search.
      if (i % 1000 === 7) words.splice(90, 0, 'quetzalcoatl');
      const name = `${WORDS[Math.floor(random() * WORDS.length)]} ${WORDS[Math.floor(random() * WORDS.length)]} ${i}.pdf`;
      const p = rows.length;
      values.push(`($${p + 1}::uuid, $${p + 2}::uuid, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}::bigint, $${p + 7}, now() - ($${p + 8} || ' minutes')::interval)`);
      rows.push(id, user.id, name, `${user.id}/${id}/bench.pdf`, mimes[i % mimes.length], 1000 + Math.floor(random() * 5_000_000), words.join(' '), String(i));
    }
    await bulkLoadDocuments(stack, (q) =>
      q.query(
        `insert into public.documents (id, user_id, name, storage_path, mime_type, size, extracted_text, created_at) values ${values.join(',')}`,
        rows,
      ),
    );
  }
  await stack.db.admin(async (q) => {
    await q.query(
      `insert into public.document_tags (document_id, tag_id) select id, $1 from public.documents where user_id = $2 and (hashtext(id::text) % 10) = 0`,
      [tagId, user.id],
    );
    // A bulk insert leaves the GIN index's pending list full (autovacuum merges it later); merge
    // it now so the figures are those of a settled table, not of the minute after an import.
    await q.query(`select gin_clean_pending_list('public.documents_search_idx'::regclass)`);
    await q.query('analyze public.documents');
    await q.query('analyze public.document_tags');
  });
  // Tagging rewrites 10 % of the rows (tag_names feeds the search columns), and nothing has
  // vacuumed the freshly loaded table yet: every index-only scan would visit the heap (the
  // tag-filtered total read 42,899 pages instead of 909). Autovacuum does this within minutes of
  // an import in life; do it now so the figures are those of a settled table. VACUUM cannot run
  // in the stack's transactions: PostgreSQL gets its own connection (PGlite is left as it is).
  const databaseUrl = stack.config?.databaseUrl;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // The search side tables too (ADRs 0180, 0230): their GIN indexes' pending lists are merged
      // by the vacuum, as autovacuum would do minutes after an import.
      await client.query('vacuum (analyze) public.documents, public.document_tags, public.document_search_leads, public.document_search_champions');
    } finally {
      await client.end();
    }
  }
  return { tagId };
}

