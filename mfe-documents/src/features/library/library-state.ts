import type { DocumentSort } from '../../api/search-documents';
import { isTypeGroup, type DocumentTypeGroup } from '../../lib/document-types';

export type LibraryView = 'list' | 'grid';

/** Everything that decides what the library shows; it lives in the address (?q=…&tag=…). */
export interface LibraryState {
  q: string;
  sort: DocumentSort | null;
  dir: 'asc' | 'desc' | null;
  view: LibraryView;
  category: string[];
  tag: string[];
  portfolio: string[];
  type: DocumentTypeGroup[];
  from: string | null;
  to: string | null;
  trash: boolean;
  /** The open document. */
  doc: string | null;
}

export const DEFAULT_LIBRARY_STATE: LibraryState = {
  q: '',
  sort: null,
  dir: null,
  view: 'list',
  category: [],
  tag: [],
  portfolio: [],
  type: [],
  from: null,
  to: null,
  trash: false,
  doc: null,
};

const SORTS: readonly DocumentSort[] = ['relevance', 'name', 'created', 'size', 'expiry'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_QUERY_LENGTH = 200;
const MAX_IDS = 50;

function isRealDate(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function ids(params: URLSearchParams, key: string): string[] {
  const values = params.getAll(key).flatMap((v) => v.split(','));
  return Array.from(new Set(values.map((v) => v.trim().toLowerCase()).filter((v) => UUID.test(v)))).slice(0, MAX_IDS);
}

/**
 * Reads the library state from a query string. Anything malformed (unknown sort, bad ids, impossible
 * dates, a broken percent-escape) falls back to its default instead of failing the page.
 */
export function parseLibraryState(search: string | URLSearchParams): LibraryState {
  let params: URLSearchParams;
  try {
    params = typeof search === 'string' ? new URLSearchParams(search) : search;
  } catch {
    return DEFAULT_LIBRARY_STATE;
  }
  const get = (key: string) => params.get(key);
  const sort = get('sort');
  const dir = get('dir');
  const from = get('from');
  const to = get('to');
  const doc = get('doc');
  const state: LibraryState = {
    q: (get('q') ?? '').replace(/\s+/g, ' ').trimStart().slice(0, MAX_QUERY_LENGTH),
    sort: sort && (SORTS as readonly string[]).includes(sort) ? (sort as DocumentSort) : null,
    dir: dir === 'asc' || dir === 'desc' ? dir : null,
    view: get('view') === 'grid' ? 'grid' : 'list',
    category: ids(params, 'category'),
    tag: ids(params, 'tag'),
    portfolio: ids(params, 'portfolio'),
    type: Array.from(new Set(params.getAll('type').flatMap((v) => v.split(',')).filter(isTypeGroup))),
    from: isRealDate(from) ? from : null,
    to: isRealDate(to) ? to : null,
    trash: get('trash') === '1',
    doc: doc && UUID.test(doc) ? doc.toLowerCase() : null,
  };
  if (state.from && state.to && state.from > state.to) [state.from, state.to] = [state.to, state.from];
  return state;
}

/** The query string for a state; defaults are left out so addresses stay short and shareable. */
export function serializeLibraryState(state: LibraryState): string {
  const params = new URLSearchParams();
  if (state.q.trim()) params.set('q', state.q.trim());
  if (state.sort) params.set('sort', state.sort);
  if (state.dir) params.set('dir', state.dir);
  if (state.view !== 'list') params.set('view', state.view);
  if (state.category.length) params.set('category', state.category.join(','));
  if (state.tag.length) params.set('tag', state.tag.join(','));
  if (state.portfolio.length) params.set('portfolio', state.portfolio.join(','));
  if (state.type.length) params.set('type', state.type.join(','));
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.trash) params.set('trash', '1');
  if (state.doc) params.set('doc', state.doc);
  return params.toString();
}

/** True when a filter or search narrows the library (for "no results" versus "no documents yet"). */
export function isFiltered(state: LibraryState): boolean {
  return Boolean(
    state.q.trim() || state.category.length || state.tag.length || state.portfolio.length || state.type.length || state.from || state.to,
  );
}

/** Whether a filter of the Filters panel is set: the search box is not one (it shows its own words). */
export function hasPanelFilters(state: LibraryState): boolean {
  return isFiltered({ ...state, q: '' });
}

/** The sort actually applied: relevance while searching, newest first otherwise. */
export function effectiveSort(state: LibraryState): DocumentSort {
  if (state.sort === 'relevance' && !state.q.trim()) return 'created';
  return state.sort ?? (state.q.trim() ? 'relevance' : 'created');
}

/** The direction actually applied: the one chosen, else the search function's default for the sort. */
export function effectiveDirection(state: LibraryState): 'asc' | 'desc' {
  if (state.dir) return state.dir;
  const sort = effectiveSort(state);
  return sort === 'created' || sort === 'relevance' || sort === 'size' ? 'desc' : 'asc';
}
