import type { SupabaseClient } from '@supabase/supabase-js';
import { LOGOUT_DELAY_MS } from '@dossier/shared/core';
import { sleep, type Sleep } from './oauth-retry';

/** The address of the post-logout load (SPEC §2: the landing page skips the session check). */
export const LOGOUT_MARKER = 'logout';

/**
 * SPEC §4 logout: sign out globally, wait 500 ms, then reload the root with the logout marker.
 * A failed sign-out still ends in the reload: the local session is gone either way, and a
 * person who asked to leave must not be left looking at their documents.
 */
export async function signOutAndReload(
  supabase: SupabaseClient,
  { wait = sleep, go = (href: string) => window.location.replace(href) }: { wait?: Sleep; go?: (href: string) => void } = {},
): Promise<void> {
  try {
    await supabase.auth.signOut({ scope: 'global' });
  } catch {
    // Offline or server down: supabase-js has already cleared the local session.
  }
  await wait(LOGOUT_DELAY_MS);
  go(`/?${LOGOUT_MARKER}`);
}
