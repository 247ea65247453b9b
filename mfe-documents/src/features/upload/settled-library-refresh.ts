import type { SupabaseClient } from '@supabase/supabase-js';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { debounce } from 'es-toolkit';
import { categoryKeys, listCategoriesWithCounts } from '../../api/categories';
import { documentKeys, recentDocuments } from '../../api/documents';
import { tagKeys } from '../../api/tags';

/** How long stored files must be quiet before the library is fetched again. */
export const LIBRARY_REFRESH_SETTLE_MS = 150;

/** How to fetch each of the dashboard's document queries, by key prefix. */
export interface DashboardFetcher {
  prefix: QueryKey;
  fetch(queryKey: QueryKey): Promise<unknown>;
}

/** What the dashboard shows from this area: recently added (its key holds how many) and the category counts. */
export const dashboardFetchers = (client: SupabaseClient): DashboardFetcher[] => [
  { prefix: [...documentKeys.all, 'recent'], fetch: (queryKey) => recentDocuments(client, Number(queryKey[2])) },
  { prefix: categoryKeys.counts(), fetch: () => listCategoriesWithCounts(client) },
];

/**
 * Fetches the dashboard's documents again after an upload even when the dashboard is not on
 * screen, if this device has shown them before: the device's saved copy (ADR 0121) then has the
 * new document, and a dashboard opened offline next does not say "Nothing added yet" beside a
 * passport just uploaded. With their fetcher, not `refetchQueries`: a query restored from that
 * copy after a reload has no fetcher of its own until its widget mounts again.
 */
function refreshDashboard(queryClient: Pick<QueryClient, 'getQueryCache' | 'fetchQuery'>, fetchers: readonly DashboardFetcher[]) {
  for (const { prefix, fetch } of fetchers) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix, type: 'inactive' })) {
      void queryClient.fetchQuery({ queryKey: query.queryKey, queryFn: () => fetch(query.queryKey) }).catch(() => undefined);
    }
  }
}

/**
 * Many files finish close together: refresh the library (documents, category
 * and tag counts) once they settle. `flush()` runs a pending refresh at once —
 * call it when the uploader goes away so the last files are never left out.
 */
export function settledLibraryRefresh(queryClient: Pick<QueryClient, 'invalidateQueries' | 'getQueryCache' | 'fetchQuery'>, fetchers: readonly DashboardFetcher[] = []) {
  return debounce(() => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    // Invalidating refetches what is on screen; the dashboard's documents are fetched even when not.
    refreshDashboard(queryClient, fetchers);
  }, LIBRARY_REFRESH_SETTLE_MS);
}
