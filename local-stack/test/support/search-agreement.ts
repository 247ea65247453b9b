// How close search_documents' answer is to the exact ranking (ts_rank over every match's whole
// vector) on the same data: the search-quality test asserts on it, `bench:documents` prints it.
import type { Queryable } from '../../src/db/types.js';

export interface RankedHit {
  id: string;
  rank: number;
}

/**
 * The exact ranking: every live match of `query` (as search_terms reads it: names as typed, the
 * word being typed as a name prefix) for the person ranked by ts_rank(search, query, 1) plus 1
 * when the name matches (ADR 0271; accents folded, ADR 0480), ties by newest first then id — what search_documents did before it ranked candidates (ADR 0025).
 * Run as the owner (no RLS); `limit` rows.
 */
export async function exactRanking(q: Queryable, userId: string, query: string, limit: number): Promise<RankedHit[]> {
  const { rows } = await q.query<{ id: string; rank: number }>(
    `select d.id, ts_rank(d.search, t.ts, 1)
              + case when setweight(to_tsvector('public.dossier_search', regexp_replace(d.name, '[._-]+', ' ', 'g')), 'A') @@ t.ts then 1 else 0 end as rank
       from public.documents d, public.search_terms($2) t
      where d.user_id = $1 and d.deleted_at is null and d.search @@ t.ts
      order by rank desc, d.created_at desc, d.id
      limit $3`,
    [userId, query, limit],
  );
  return rows.map((row) => ({ id: row.id, rank: Number(row.rank) }));
}

export interface Agreement {
  /** How many of the answer's documents are in the exact top N (N = the answer's length). */
  overlap: number;
  size: number;
  /** Positions whose relevance equals the exact ranking's at that position (ties may trade places). */
  sameRelevance: number;
  /** Summed relevance of the answer / of the exact top N, discounted by position (nDCG@N, 1 = exact). */
  ndcg: number;
  /** Spearman's rank correlation between the answer's order and the exact order of its documents. */
  spearman: number;
  /** Where the answer's least relevant document stands in the exact ranking (null: beyond `exact`). */
  worstExactPosition: number | null;
}

const same = (a: number, b: number) => Math.abs(a - b) < 1e-6;

/** `answer` against `exact` (the exact ranking, at least as long as the answer, ideally longer). */
export function agreement(answer: RankedHit[], exact: RankedHit[]): Agreement {
  const size = answer.length;
  const top = new Set(exact.slice(0, size).map((e) => e.id));
  const position = new Map(exact.map((e, i) => [e.id, i + 1]));
  const discounted = (hits: RankedHit[]) => hits.reduce((sum, hit, i) => sum + hit.rank / Math.log2(i + 2), 0);
  const ideal = discounted(exact.slice(0, size));
  // Spearman over the answer's documents that the exact list places: positions re-ranked 1..n.
  const placed = answer.filter((hit) => position.has(hit.id));
  const exactOrder = [...placed].sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)).map((hit) => hit.id);
  const n = placed.length;
  const d2 = placed.reduce((sum, hit, i) => sum + (i - exactOrder.indexOf(hit.id)) ** 2, 0);
  const positions = answer.map((hit) => position.get(hit.id));
  return {
    overlap: answer.filter((hit) => top.has(hit.id)).length,
    size,
    sameRelevance: answer.filter((hit, i) => exact[i] && same(hit.rank, exact[i].rank)).length,
    ndcg: ideal === 0 ? 1 : discounted(answer) / ideal,
    spearman: n < 2 ? 1 : 1 - (6 * d2) / (n * (n * n - 1)),
    worstExactPosition: positions.some((p) => p === undefined) ? null : Math.max(0, ...(positions as number[])),
  };
}

export function describeAgreement(a: Agreement): string {
  return (
    `top-${a.size} overlap ${a.overlap}/${a.size}, same relevance at ${a.sameRelevance}/${a.size} positions, ` +
    `nDCG@${a.size} ${a.ndcg.toFixed(4)}, Spearman ${a.spearman.toFixed(4)}, ` +
    `least relevant answer at exact position ${a.worstExactPosition ?? 'beyond the compared list'}`
  );
}
