import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@dossier/shared/core';

/** The page's one QueryClient with SPEC §7's defaults (5 min fresh, 2 retries, 1 s…30 s back-off). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        retry: QUERY_DEFAULTS.maxRetries,
        retryDelay: (attempt) => Math.min(QUERY_DEFAULTS.retryBaseMs * 2 ** attempt, QUERY_DEFAULTS.retryMaxMs),
      },
      mutations: { retry: QUERY_DEFAULTS.mutationRetries },
    },
  });
}
