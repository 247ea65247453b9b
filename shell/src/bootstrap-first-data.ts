import type { QueryClient } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { prefetchLibraryFirstPage } from '@dossier/shared/core';
import type { AuthStore } from './services/auth-store';

/**
 * The first page's data, started beside the area's code (issue 24, ADR 0425): on a signed-in
 * `/documents` the library's first page used to wait for the documents area's chunks (~2 s of
 * round trips on a phone) before its request even started. Only once the session is known to be
 * signed in: a signed-out request would cache an empty library under the person's key.
 */
export function startFirstData(
  { authStore, queryClient, supabase }: { authStore: Pick<AuthStore, 'getSnapshot' | 'subscribe'>; queryClient: QueryClient; supabase: SupabaseClient },
  location: { pathname: string; search: string },
) {
  let done = false;
  const check = () => {
    const { status } = authStore.getSnapshot();
    if (done || status === 'loading') return;
    done = true;
    unsubscribe();
    if (status === 'signed-in') prefetchLibraryFirstPage(queryClient, supabase, location);
  };
  const unsubscribe = authStore.subscribe(check);
  check();
}
