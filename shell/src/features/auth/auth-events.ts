import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { createOnboarding, isNewIdentityProviderUser } from '../onboarding';
import { ignoreDriveCodeCallbackInMainWindow } from './oauth-return';

/** Marks an e-mail sign-up waiting for its confirmation link, so its first sign-in onboards. */
export const SIGNUP_PENDING_KEY = 'dossier-signup-pending';

/**
 * What the shell does on supabase-js's auth events beyond tracking the session (that is the
 * auth store's job): onboarding on the events SPEC §4 names, and the password-recovery step.
 */
export interface AuthEvents {
  /** True after a PASSWORD_RECOVERY event until a new password is set. */
  recovering(): boolean;
  endRecovery(): void;
  /** The sign-up form reports GoTrue's answer (SPEC §4: the e-mail sign-up event onboards). */
  signedUp(user: { id: string; email?: string }, signedIn: boolean): Promise<void>;
  subscribe(listener: () => void): () => void;
  dispose(): void;
}

export function createAuthEvents(
  supabase: SupabaseClient,
  { onError = () => undefined, storage = globalThis.localStorage }: { onError?: (error: unknown) => void; storage?: Storage } = {},
): AuthEvents {
  const onboard = createOnboarding(supabase, onError);
  const listeners = new Set<() => void>();
  let recovery = false;

  const pendingSignUp = (email: string | undefined) => {
    try {
      return Boolean(email) && storage?.getItem(SIGNUP_PENDING_KEY) === email;
    } catch {
      return false;
    }
  };

  const { data } = supabase.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
    if (event === 'PASSWORD_RECOVERY') {
      recovery = true;
      listeners.forEach((listener) => listener());
    }
    if (event !== 'SIGNED_IN' || !session) return;
    const user = session.user;
    if (!isNewIdentityProviderUser(user) && !pendingSignUp(user.email)) return;
    try {
      storage?.removeItem(SIGNUP_PENDING_KEY);
    } catch {
      // storage unavailable: the RPC is idempotent, a second run changes nothing
    }
    // Outside supabase-js's auth lock: an API call from inside this callback would deadlock.
    setTimeout(() => void onboard(user.id), 0);
  });

  return {
    recovering: () => recovery,
    endRecovery: () => {
      recovery = false;
      listeners.forEach((listener) => listener());
    },
    async signedUp(user, signedIn) {
      if (signedIn) return onboard(user.id);
      // Waiting for the confirmation link: its first SIGNED_IN (maybe in another tab) onboards.
      try {
        if (user.email) storage?.setItem(SIGNUP_PENDING_KEY, user.email);
      } catch {
        // storage unavailable: nothing to remember
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: () => data.subscription.unsubscribe(),
  };
}

let current: AuthEvents | null = null;

/** Called once by create-services with the page's supabase-js client. */
export function startAuthEvents(supabase: SupabaseClient, options?: Parameters<typeof createAuthEvents>[1]): AuthEvents {
  if (typeof window !== 'undefined') ignoreDriveCodeCallbackInMainWindow();
  current?.dispose();
  current = createAuthEvents(supabase, options);
  return current;
}

/** The page's auth events, or null where the shell did not start them (tests, harness). */
export function currentAuthEvents(): AuthEvents | null {
  return current;
}
