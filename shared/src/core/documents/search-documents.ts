import type { SupabaseClient } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import type { DocumentRecord } from '../document-record';
import { readResult } from '../errors/read-result';
import { LIBRARY_DEFAULT_PARAMS, LIBRARY_PAGE_SIZE, isUnfilteredLibrary, searchDocumentsArgs } from './library-address';

export { LIBRARY_DEFAULT_PARAMS, LIBRARY_PAGE_SIZE, LIBRARY_PATH, isUnfilteredLibrary, searchDocumentsArgs } from './library-address';

/**
 * The library's one query: `search_documents` (docs/search.md), its keys, and its pages. Here, in
 * shared, because two parts run it: the documents area's library, and the shell, which starts
 * the library's first page while the area's code downloads (issue 24, ADR 0425). One function and
 * one key, so the area picks up the shell's request from the shared QueryClient instead of
 * sending its own.
 */

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

/** One page of the library: the same RPC serves browsing (no query) and full-text search. */
export async function searchDocuments(client: SupabaseClient, params: SearchDocumentsParams): Promise<DocumentPage> {
  const result = await client.rpc('search_documents', searchDocumentsArgs(params));
  const rows = (readResult(result, 'search documents') ?? []) as Array<DocumentSearchHit & { total_count: number | string | null }>;
  const first = (params.offset ?? 0) === 0;
  const counted = rows.length > 0 ? rows[0].total_count : null;
  const total = counted !== null && counted !== undefined ? Number(counted) : first ? 0 : null;
  return {
    total,
    items: rows.map(({ total_count: _total, ...row }) => ({ ...row, size: Number(row.size), rank: Number(row.rank) })),
  };
}

/** The library's pages for `params` (an infinite query: 100 at a time, fetched as the list scrolls). */
export function libraryPagesQuery(client: SupabaseClient, params: SearchDocumentsParams) {
  return {
    queryKey: searchKeys.page(params),
    queryFn: ({ pageParam }: { pageParam: number }) => searchDocuments(client, { ...params, limit: LIBRARY_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last: DocumentPage, pages: DocumentPage[]) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      const total = pages[0]?.total ?? 0;
      return loaded < total && last.items.length > 0 ? loaded : undefined;
    },
  };
}

/**
 * Starts the library's first page for a signed-in person whose address is the unfiltered library,
 * so it downloads beside the area's code. A filtered address (search, tags, …) is left to the
 * area, which alone reads filters. Returns whether a request was started.
 */
export function prefetchLibraryFirstPage(queryClient: QueryClient, client: SupabaseClient, location: { pathname: string; search: string }): boolean {
  if (!isUnfilteredLibrary(location)) return false;
  void queryClient.prefetchInfiniteQuery(libraryPagesQuery(client, LIBRARY_DEFAULT_PARAMS));
  return true;
}
