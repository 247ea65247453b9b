import { onlineManager, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '../limits';
import { readHttpStatus } from '../resilience/failure-kind';

/**
 * SPEC §7 data-query defaults. The status is read from whatever supabase-js or fetch threw
 * (AuthError.status, PostgrestError.code, FunctionsHttpError.context, a Response), so a query
 * function may simply rethrow the client's error.
 */

/** Queries: never retry 401/403 (retrying cannot fix a missing session or a policy); else 2 retries. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  const status = readHttpStatus(error);
  if (status === 401 || status === 403) return false;
  return failureCount < QUERY_DEFAULTS.maxRetries;
}

/** 1 s, 2 s, 4 s … at most 30 s; `failureCount` is 0 before the first retry (TanStack's counting). */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(QUERY_DEFAULTS.retryBaseMs * 2 ** failureCount, QUERY_DEFAULTS.retryMaxMs);
}

/** Mutations: one retry, never after a 4xx (the request itself is wrong, or not allowed). */
export function shouldRetryMutation(failureCount: number, error: unknown): boolean {
  const status = readHttpStatus(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  return failureCount < QUERY_DEFAULTS.mutationRetries;
}

export const QUERY_CLIENT_DEFAULTS = {
  queries: {
    retry: shouldRetryQuery,
    retryDelay: queryRetryDelay,
    refetchOnWindowFocus: false,
    staleTime: QUERY_DEFAULTS.staleTimeMs,
  },
  mutations: {
    retry: shouldRetryMutation,
    retryDelay: queryRetryDelay,
  },
} satisfies QueryClientConfig['defaultOptions'];

/** The one QueryClient of the page, shared with every remote through the contract. */
export function createQueryClient(config: Omit<QueryClientConfig, 'defaultOptions'> = {}): QueryClient {
  // TanStack assumes "online" until the browser's next online/offline event: a page opened offline
  // would fetch (and fail, and replace the cached data by an error) instead of pausing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({ ...config, defaultOptions: QUERY_CLIENT_DEFAULTS });
}
