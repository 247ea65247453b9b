import type { SupabaseClient } from '@supabase/supabase-js';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { debounce } from 'es-toolkit';
import { categoryCountsQuery, categoryKeys } from '../../api/categories';
import { documentKeys, recentDocumentsQuery } from '../../api/documents';
import { tagKeys } from '../../api/tags';

/** How long stored files must be quiet before the library is fetched again. */
export const LIBRARY_REFRESH_SETTLE_MS = 150;

/** One of the dashboard's document queries: the prefix of its keys, and its definition for a key. */
export interface DashboardQuery {
  prefix: QueryKey;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each query's data differs; the refresh only fetches
  optionsFor(queryKey: QueryKey): FetchQueryOptions<any, Error, any, any>;
}

/**
 * What the dashboard shows from this area: recently added (its key holds how many) and the
 * category counts, through the same definitions its widgets use.
 */
export const dashboardQueries = (client: SupabaseClient): DashboardQuery[] => [
  { prefix: [...documentKeys.all, 'recent'], optionsFor: (queryKey) => recentDocumentsQuery(client, Number(queryKey[2])) },
  { prefix: categoryKeys.counts(), optionsFor: () => categoryCountsQuery(client) },
];

/**
 * Fetches the dashboard's documents again after an upload even when the dashboard is not on
 * screen, if this device has shown them before: the device's saved copy (ADR 0121) then has the
 * new document, and a dashboard opened offline next does not say "Nothing added yet" beside a
 * passport just uploaded. With their definitions, not `refetchQueries`: a query restored from that
 * copy after a reload has no fetcher of its own until its widget mounts again.
 */
function refreshDashboard(queryClient: Pick<QueryClient, 'getQueryCache' | 'fetchQuery'>, queries: readonly DashboardQuery[]) {
  for (const { prefix, optionsFor } of queries) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: prefix, type: 'inactive' })) {
      void queryClient.fetchQuery(optionsFor(query.queryKey)).catch(() => undefined);
    }
  }
}

/**
 * Many files finish close together: refresh the library (documents, category
 * and tag counts) once they settle. `flush()` runs a pending refresh at once —
 * call it when the uploader goes away so the last files are never left out.
 */
export function settledLibraryRefresh(queryClient: Pick<QueryClient, 'invalidateQueries' | 'getQueryCache' | 'fetchQuery'>, dashboard: readonly DashboardQuery[] = []) {
  return debounce(() => {
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
    void queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    void queryClient.invalidateQueries({ queryKey: tagKeys.all });
    // Invalidating refetches what is on screen; the dashboard's documents are fetched even when not.
    refreshDashboard(queryClient, dashboard);
  }, LIBRARY_REFRESH_SETTLE_MS);
}
