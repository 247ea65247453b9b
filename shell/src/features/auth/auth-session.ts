import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { toSessionUser, type AuthApi, type AuthState } from '@dossier/shared/contract';
import { createOnboarding, isNewIdentityProviderUser } from '../onboarding/onboarding';
import { signOutAndReload } from './sign-out';

/** Marks an e-mail sign-up waiting for its confirmation link, so its first sign-in onboards. */
export const SIGNUP_PENDING_KEY = 'dossier-signup-pending';

export interface AuthSession {
  /** The contract's AuthApi for the current state; a new object after every change. */
  current(): AuthApi;
  subscribe(listener: (auth: AuthApi) => void): () => void;
  /** True after a PASSWORD_RECOVERY event until a new password is set. */
  recovering(): boolean;
  endRecovery(): void;
  /** Called by the sign-up form when GoTrue returns a user (SPEC §4: the sign-up event onboards). */
  signedUp(user: { id: string; email?: string }, signedIn: boolean): Promise<void>;
  dispose(): void;
}

function stateOf(session: Session | null): AuthState {
  return session ? { status: 'signed-in', session, user: toSessionUser(session.user) } : { status: 'signed-out', session: null, user: null };
}

/**
 * The shell's auth state (SPEC §4 auth session: loading, then signed-out or signed-in), kept in
 * step with supabase-js's auth events, with onboarding run on the events SPEC §4 names.
 */
export function createAuthSession(
  supabase: SupabaseClient,
  { onError = () => undefined, storage = globalThis.localStorage }: { onError?: (error: unknown) => void; storage?: Storage } = {},
): AuthSession {
  const listeners = new Set<(auth: AuthApi) => void>();
  const onboard = createOnboarding(supabase, onError);
  const signOut = () => signOutAndReload(supabase);
  let recovery = false;
  let api: AuthApi = { status: 'loading', user: null, session: null, supabase, signOut };

  const publish = (state: AuthState) => {
    // Token refreshes change the session object but not who is signed in; keep one object then
    // so consumers do not re-render for nothing.
    if (api.status === state.status && api.user?.id === state.user?.id && api.session?.access_token === state.session?.access_token) return;
    api = { ...state, supabase, signOut };
    for (const listener of listeners) listener(api);
  };

  const pendingSignUp = (email: string | undefined) => {
    try {
      return Boolean(email) && storage?.getItem(SIGNUP_PENDING_KEY) === email;
    } catch {
      return false;
    }
  };

  const { data: subscription } = supabase.auth.onAuthStateChange((event: AuthChangeEvent, session: Session | null) => {
    if (event === 'PASSWORD_RECOVERY') recovery = true;
    publish(stateOf(session));
    if (event === 'SIGNED_IN' && session) {
      const user = session.user;
      if (isNewIdentityProviderUser(user) || pendingSignUp(user.email)) {
        try {
          storage?.removeItem(SIGNUP_PENDING_KEY);
        } catch {
          // storage unavailable: the RPC is idempotent, a second run does nothing
        }
        // Outside supabase-js's auth lock: calling the API from inside the callback would deadlock.
        setTimeout(() => void onboard(user.id), 0);
      }
    }
  });

  // A network failure here (offline start) still ends "loading": the stored session is used.
  supabase.auth.getSession().then(
    ({ data }) => publish(stateOf(data.session)),
    (error: unknown) => {
      onError(error);
      publish(stateOf(null));
    },
  );

  return {
    current: () => api,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    recovering: () => recovery,
    endRecovery: () => {
      recovery = false;
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
    dispose: () => subscription.subscription.unsubscribe(),
  };
}
