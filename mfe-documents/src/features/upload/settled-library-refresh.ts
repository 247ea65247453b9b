import type { QueryClient } from '@tanstack/react-query';
import { debounce } from 'es-toolkit';
import { categoryKeys } from '../../api/categories';
import { documentKeys } from '../../api/documents';
import { tagKeys } from '../../api/tags';

/** How long stored files must be quiet before the library is fetched again. */
export const LIBRARY_REFRESH_SETTLE_MS = 150;

/**
 * Many files finish close together: refresh the library (documents, category
 * and tag counts) once they settle. `flush()` runs a pending refresh at once —
 * call it when the uploader goes away so the last files are never left out.
 */
export function settledLibraryRefresh(queryClient: Pick<QueryClient, 'invalidateQueries'>) {
  return debounce(() => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: tagKeys.all });
  }, LIBRARY_REFRESH_SETTLE_MS);
}
