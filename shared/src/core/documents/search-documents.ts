import type { SupabaseClient } from '@supabase/supabase-js';
import type { QueryClient } from '@tanstack/react-query';
import type { DocumentRecord } from '../document-record';
import { readResult } from '../errors/read-result';

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

export const LIBRARY_PAGE_SIZE = 100;

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

/** The library's address, and what its unfiltered first view asks for (the area's `searchParamsOf` of an empty address: its test holds the two equal). */
export const LIBRARY_PATH = '/documents';
export const LIBRARY_DEFAULT_PARAMS: SearchDocumentsParams = {
  query: null,
  categoryIds: [],
  tagIds: [],
  portfolioIds: [],
  mimeTypes: [],
  addedFrom: null,
  addedTo: null,
  trashed: false,
  sort: 'created',
  descending: null,
};

/** Address parameters that do not change what the list fetches: the layout and the open document. */
const VIEW_ONLY = new Set(['view', 'doc']);

/**
 * Starts the library's first page for a signed-in person whose address is the unfiltered library,
 * so it downloads beside the area's code. A filtered address (search, tags, …) is left to the
 * area, which alone reads filters. Returns whether a request was started.
 */
export function prefetchLibraryFirstPage(queryClient: QueryClient, client: SupabaseClient, location: { pathname: string; search: string }): boolean {
  if (location.pathname.replace(/\/+$/, '') !== LIBRARY_PATH) return false;
  for (const key of new URLSearchParams(location.search).keys()) if (!VIEW_ONLY.has(key)) return false;
  void queryClient.prefetchInfiniteQuery(libraryPagesQuery(client, LIBRARY_DEFAULT_PARAMS));
  return true;
}
