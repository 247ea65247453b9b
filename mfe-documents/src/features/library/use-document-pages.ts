import { useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { searchDocuments, searchKeys, type SearchDocumentsParams } from '../../api/search-documents';
import { DOCUMENT_TYPE_GROUPS } from '../../lib/document-types';
import { effectiveSort, type LibraryState } from './library-state';

export const PAGE_SIZE = 100;

export function searchParamsOf(state: LibraryState): SearchDocumentsParams {
  return {
    query: state.q.trim() || null,
    categoryIds: state.category,
    tagIds: state.tag,
    portfolioIds: state.portfolio,
    mimeTypes: state.type.flatMap((group) => DOCUMENT_TYPE_GROUPS[group].mimeTypes),
    addedFrom: state.from,
    addedTo: state.to,
    trashed: state.trash,
    sort: effectiveSort(state),
    descending: state.dir === null ? null : state.dir === 'desc',
  };
}

/** The library's documents, 100 at a time, fetched as the list scrolls. */
export function useDocumentPages(state: LibraryState) {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  const params = searchParamsOf(state);
  return useInfiniteQuery({
    queryKey: searchKeys.page(params),
    queryFn: ({ pageParam }) => searchDocuments(client, { ...params, limit: PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.items.length, 0);
      const total = pages[0]?.total ?? 0;
      return loaded < total && last.items.length > 0 ? loaded : undefined;
    },
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}
