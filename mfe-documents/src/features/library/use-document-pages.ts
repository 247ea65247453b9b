import { useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { libraryPagesQuery } from '@dossier/shared/core';
import type { SearchDocumentsParams } from '../../api/search-documents';
import { DOCUMENT_TYPE_GROUPS } from '../../lib/document-types';
import { effectiveSort, type LibraryState } from './library-state';

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

/**
 * The library's documents, 100 at a time, fetched as the list scrolls. The same query (shared's
 * `libraryPagesQuery`) the shell may already have started for an unfiltered `/documents`.
 */
export function useDocumentPages(state: LibraryState) {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  return useInfiniteQuery({
    ...libraryPagesQuery(client, searchParamsOf(state)),
    enabled: signedIn,
    placeholderData: keepPreviousData,
  });
}
