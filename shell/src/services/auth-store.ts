import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { toSessionUser, type AuthState } from '@dossier/shared';
import { LOGOUT_DELAY_MS, pause } from '@dossier/shared/core';

export interface AuthStore {
  getSnapshot(): AuthState;
  subscribe(listener: () => void): () => void;
  /** SPEC §4 logout: global sign-out, wait 500 ms, load `/?logout`. */
  signOut(): Promise<void>;
}

const stateOf = (session: Session | null): AuthState =>
  session ? { status: 'signed-in', user: toSessionUser(session.user), session } : { status: 'signed-out', user: null, session: null };

/**
 * Auth state from supabase-js: getSession at start, then every onAuthStateChange. After a logout
 * (`/?logout`) the session check is skipped (SPEC §2): the visitor is signed out.
 */
export function createAuthStore(
  supabase: SupabaseClient,
  options: { skipSessionCheck?: boolean; navigate?: (url: string) => void } = {},
): AuthStore {
  let state: AuthState = options.skipSessionCheck ? stateOf(null) : { status: 'loading', user: null, session: null };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    // The name and e-mail are compared too: changing them in Settings (USER_UPDATED) keeps the
    // same access token, and the header must show the new name at once.
    if (
      next.status === state.status &&
      next.session?.access_token === state.session?.access_token &&
      next.user?.id === state.user?.id &&
      next.user?.name === state.user?.name &&
      next.user?.email === state.user?.email
    ) {
      return;
    }
    state = next;
    listeners.forEach((listener) => listener());
  };

  supabase.auth.onAuthStateChange((event: AuthChangeEvent, session) => {
    if (options.skipSessionCheck && event === 'INITIAL_SESSION') return;
    set(stateOf(session));
  });
  if (!options.skipSessionCheck) {
    supabase.auth.getSession().then(
      ({ data }) => set(stateOf(data.session)),
      () => set(stateOf(null)),
    );
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async signOut() {
      try {
        await supabase.auth.signOut({ scope: 'global' });
      } finally {
        set(stateOf(null));
        await pause(LOGOUT_DELAY_MS);
        (options.navigate ?? ((url) => window.location.replace(url)))('/?logout');
      }
    },
  };
}

/** `/?logout` marks a post-logout load: true once, and the parameter leaves the address bar. */
export function consumeLogoutMarker(location: Location = window.location, history: History = window.history): boolean {
  const url = new URL(location.href);
  if (!url.searchParams.has('logout')) return false;
  url.searchParams.delete('logout');
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return true;
}
