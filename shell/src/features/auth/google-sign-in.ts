import type { SupabaseClient } from '@supabase/supabase-js';
import { OAUTH_PENDING_KEY } from './oauth-return';
import { withOAuthRetry } from './oauth-retry';

/**
 * "Continue with Google": the identity provider redirects back to the current page (SPEC §7),
 * where the OAuth return handling polls for the session. Retried by SPEC §8's rule.
 */
export async function signInWithGoogle(
  supabase: SupabaseClient,
  { storage = globalThis.sessionStorage, redirectTo = window.location.href }: { storage?: Storage; redirectTo?: string } = {},
): Promise<void> {
  await withOAuthRetry(async () => {
    const { error } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo } });
    if (error) throw error;
  });
  try {
    storage?.setItem(OAUTH_PENDING_KEY, String(Date.now()));
  } catch {
    // Without storage the return is still recognised by the tokens in the address.
  }
}
