import type { SupabaseClient, User } from '@supabase/supabase-js';

/**
 * Identity-provider users are "new" on the first sign-in: GoTrue stamps created_at and
 * last_sign_in_at from the same request, a few milliseconds apart, so "equal" (SPEC §4) is read
 * as "within the same few seconds". A returning user signed in days later never matches.
 */
const SAME_MOMENT_MS = 5_000;

export function isNewIdentityProviderUser(user: Pick<User, 'created_at' | 'last_sign_in_at' | 'app_metadata'>): boolean {
  const provider = user.app_metadata?.provider;
  if (!provider || provider === 'email') return false;
  if (!user.created_at || !user.last_sign_in_at) return false;
  const created = Date.parse(user.created_at);
  const lastSignIn = Date.parse(user.last_sign_in_at);
  return Number.isFinite(created) && Number.isFinite(lastSignIn) && Math.abs(lastSignIn - created) <= SAME_MOMENT_MS;
}

/**
 * SPEC §4 onboarding: gives the signed-in user the 20 default categories only if they have none.
 * The `create_default_categories` function does the check and the insert in one transaction for
 * auth.uid() (see supabase/migrations), and the unique (user_id, name) constraint with
 * "on conflict do nothing" makes two tabs or a doubled event harmless.
 */
export async function ensureDefaultCategories(supabase: SupabaseClient): Promise<number> {
  const { data, error } = await supabase.rpc('create_default_categories');
  if (error) throw error;
  return Array.isArray(data) ? data.length : 0;
}

/** Runs onboarding at most once per user per page, however many SIGNED_IN events arrive. */
export function createOnboarding(supabase: SupabaseClient, onError: (error: unknown) => void = () => undefined) {
  const running = new Map<string, Promise<void>>();
  return function onboard(userId: string): Promise<void> {
    const existing = running.get(userId);
    if (existing) return existing;
    const task = ensureDefaultCategories(supabase).then(
      () => undefined,
      (error: unknown) => {
        // Let a later event try again (e.g. the first call happened offline).
        running.delete(userId);
        onError(error);
      },
    );
    running.set(userId, task);
    return task;
  };
}
