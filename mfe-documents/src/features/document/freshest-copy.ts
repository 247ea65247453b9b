import { useEffect, useMemo, useReducer } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { documentKeys, type DocumentRecord } from '../../api/documents';

/**
 * The newest copy of one document this device holds, for its panel (issue #21 §1).
 *
 * The panel's own query (`documentKeys.detail`) is only refetched while the panel is open: a
 * category set from the library's bulk bar, a suggestion applied by the analysis or a change from
 * another device refreshes the library's rows but leaves the closed panel's copy as it was. Offline,
 * that older copy is all the panel could fetch, and it said "No category" for a document the library
 * row shows under Insurance. Every list of the documents area (the library's pages, the dashboard's
 * recent and expiring lists) holds the same columns, so whichever copy was fetched last wins; a
 * document never opened on this device still shows its details offline (only its file is missing).
 */
export interface DocumentCopy {
  /** undefined: this device has no copy; null: the server said it does not exist (or not for you). */
  doc: DocumentRecord | null | undefined;
  /** The document's tag ids, from the same newest source (undefined when none is held). */
  tagIds: readonly string[] | undefined;
}

export const documentTagKey = (id: string) => [...documentKeys.detail(id), 'tags'] as const;

type ListedRow = DocumentRecord & { document_tag_ids?: string[] };

/** The document rows a cached answer holds: an array of rows, or the library's pages of `items`. */
function rowsOf(data: unknown): readonly ListedRow[] {
  if (Array.isArray(data)) return data as ListedRow[];
  const pages = (data as { pages?: unknown } | undefined)?.pages;
  if (!Array.isArray(pages)) return [];
  return pages.flatMap((page) => ((page as { items?: unknown })?.items as ListedRow[] | undefined) ?? []);
}

/** Only whole rows (DOCUMENT_COLUMNS): the area also caches narrower ones (duplicates, analysis). */
const WHOLE_ROW: readonly (keyof DocumentRecord)[] = ['category_id', 'portfolio_id', 'storage_path', 'notes', 'issued_on', 'expires_on', 'updated_at', 'deleted_at'];
const isDocumentRow = (row: unknown, id: string): row is ListedRow =>
  typeof row === 'object' && row !== null && (row as ListedRow).id === id && WHOLE_ROW.every((key) => key in row);

export function freshestCopy(client: QueryClient, id: string): DocumentCopy {
  const detail = client.getQueryState<DocumentRecord | null>(documentKeys.detail(id));
  const tags = client.getQueryState<string[]>(documentTagKey(id));
  const copy: DocumentCopy = { doc: detail?.data, tagIds: tags?.data };
  let docAt = detail?.data !== undefined ? detail.dataUpdatedAt : -Infinity;
  let tagsAt = tags?.data !== undefined ? tags.dataUpdatedAt : -Infinity;
  for (const query of client.getQueryCache().findAll({ queryKey: documentKeys.all })) {
    if (query.state.data === undefined) continue;
    const row = rowsOf(query.state.data).find((candidate) => isDocumentRow(candidate, id));
    if (!row) continue;
    const at = query.state.dataUpdatedAt;
    // The same row object stays in the cache until that list refetches: the panel's form keys its
    // draft on this reference, so it must not be copied here.
    if (at > docAt) {
      copy.doc = row;
      docAt = at;
    }
    if (Array.isArray(row.document_tag_ids) && at > tagsAt) {
      copy.tagIds = row.document_tag_ids;
      tagsAt = at;
    }
  }
  return copy;
}

/** freshestCopy, kept current as any of the documents area's queries answers. */
export function useFreshestCopy(id: string): DocumentCopy {
  const client = useQueryClient();
  const [version, changed] = useReducer((n: number) => n + 1, 0);
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] !== documentKeys.all[0]) return;
        // A fetched answer, setQueryData, or a restored offline snapshot (hydrate's setState).
        const settled = event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'setState');
        if (settled || event.type === 'removed') changed();
      }),
    [client],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the cache's change signal
  return useMemo(() => freshestCopy(client, id), [client, id, version]);
}
