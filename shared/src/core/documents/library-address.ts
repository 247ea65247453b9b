import type { SearchDocumentsParams } from './search-documents';

/**
 * The library's unfiltered first page as data and pure functions, without imports: the shell's
 * main.ts reads it (through `@dossier/registry`, not a shared module) to ask for that page before
 * any shared module is negotiated (issue 24, ADR 0483), and search-documents.ts builds every
 * library request from the same functions, so the two requests are the same to the byte.
 */

/** The library's address. */
export const LIBRARY_PATH = '/documents';

/** One page of the library: 100 rows, fetched as the list scrolls. */
export const LIBRARY_PAGE_SIZE = 100;

/** What the unfiltered library asks for (the area's `searchParamsOf` of an empty address: its test holds the two equal). */
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

/** Whether an address shows the unfiltered library (a filtered one is left to the documents area, which alone reads filters). */
export function isUnfilteredLibrary(location: { pathname: string; search: string }): boolean {
  if (location.pathname.replace(/\/+$/, '') !== LIBRARY_PATH) return false;
  for (const key of new URLSearchParams(location.search).keys()) if (!VIEW_ONLY.has(key)) return false;
  return true;
}

const nonEmpty = <T>(values: readonly T[] | null | undefined): T[] | null => (values && values.length > 0 ? [...values] : null);

/** The arguments of the `search_documents` RPC for `params`, in the order supabase-js sends them. */
export function searchDocumentsArgs(params: SearchDocumentsParams) {
  return {
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
  };
}
