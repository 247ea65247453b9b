import type { SupabaseClient } from '@supabase/supabase-js';
import { readResult } from '@dossier/shared/core';
import type { DocumentRecord } from './documents';

export type DocumentSort = 'relevance' | 'name' | 'created' | 'size' | 'expiry';

/** Arguments of the search_documents RPC (a public wrapper of private.search_documents, supabase/migrations/20261127100000_documents_search_names.sql; docs/search.md). */
export interface SearchDocumentsParams {
  query?: string | null;
  categoryIds?: readonly string[] | null;
  tagIds?: readonly string[] | null;
  portfolioIds?: readonly string[] | null;
  mimeTypes?: readonly string[] | null;
  /** yyyy-mm-dd, inclusive */
  addedFrom?: string | null;
  addedTo?: string | null;
  trashed?: boolean;
  sort?: DocumentSort | null;
  descending?: boolean | null;
  limit?: number;
  offset?: number;
}

export interface DocumentSearchHit extends DocumentRecord {
  document_tag_ids: string[];
  rank: number;
  /** ts_headline with U+E000 / U+E001 around matches; render with <HighlightedText>. */
  snippet: string | null;
}

export interface DocumentPage {
  items: DocumentSearchHit[];
  /** Counted for the first page only (offset 0); null on later pages. */
  total: number | null;
}

export const searchKeys = {
  all: ['documents', 'list'] as const,
  page: (params: SearchDocumentsParams) => [...searchKeys.all, params] as const,
};

const nonEmpty = <T>(values: readonly T[] | null | undefined): T[] | null => (values && values.length > 0 ? [...values] : null);

/** One page of the library: the same RPC serves browsing (no query) and full-text search. */
export async function searchDocuments(client: SupabaseClient, params: SearchDocumentsParams): Promise<DocumentPage> {
  const result = await client.rpc('search_documents', {
    query: params.query?.trim() ? params.query.trim() : null,
    category_ids: nonEmpty(params.categoryIds),
    tag_ids: nonEmpty(params.tagIds),
    portfolio_ids: nonEmpty(params.portfolioIds),
    mime_types: nonEmpty(params.mimeTypes),
    added_from: params.addedFrom ?? null,
    added_to: params.addedTo ?? null,
    trashed: params.trashed ?? false,
    sort_by: params.sort ?? null,
    sort_desc: params.descending ?? null,
    page_limit: params.limit ?? 50,
    page_offset: params.offset ?? 0,
  });
  const rows = (readResult(result, 'search documents') ?? []) as Array<DocumentSearchHit & { total_count: number | string | null }>;
  const first = (params.offset ?? 0) === 0;
  const counted = rows.length > 0 ? rows[0].total_count : null;
  const total = counted !== null && counted !== undefined ? Number(counted) : first ? 0 : null;
  return {
    total,
    items: rows.map(({ total_count: _total, ...row }) => ({ ...row, size: Number(row.size), rank: Number(row.rank) })),
  };
}
