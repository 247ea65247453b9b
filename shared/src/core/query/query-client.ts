import { onlineManager, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../limits';
import { queryRetryOptions } from '../resilience/retry-adapters';
import { MUTATION_RETRY_POLICY, QUERY_RETRY_POLICY } from '../resilience/retry-policy';

/**
 * SPEC §7 data-query defaults. Retries follow the one policy (ADR 0400): only a failure that may
 * pass by itself (no answer, timeout, 5xx, 429) is retried; 401, 403, 404, 409 never are. The
 * status is read from whatever supabase-js or fetch threw (DataError, AuthError.status,
 * PostgrestError.code, FunctionsHttpError.context, a Response), so a query function may rethrow.
 */
export const QUERY_CLIENT_DEFAULTS = {
  queries: {
    ...queryRetryOptions(QUERY_RETRY_POLICY),
    refetchOnWindowFocus: false,
    staleTime: QUERY_DEFAULTS.staleTimeMs,
  },
  mutations: queryRetryOptions(MUTATION_RETRY_POLICY),
} satisfies QueryClientConfig['defaultOptions'];

/** The one QueryClient of the page, shared with every remote through the contract. */
export function createQueryClient(config: Omit<QueryClientConfig, 'defaultOptions'> = {}): QueryClient {
  // TanStack assumes "online" until the browser's next online/offline event: a page opened offline
  // would fetch (and fail, and replace the cached data by an error) instead of pausing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({ ...config, defaultOptions: QUERY_CLIENT_DEFAULTS });
}
