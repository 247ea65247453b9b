import type { SupabaseClient } from '@supabase/supabase-js';
import { LOGOUT_DELAY_MS } from '@dossier/shared/core';
import { consumeLogoutMarker, createAuthStore } from './auth-store';

type Listener = (event: string, session: unknown) => void;

function fakeSupabase(session: unknown = null) {
  const listeners: Listener[] = [];
  const auth = {
    getSession: jest.fn(async () => ({ data: { session } })),
    onAuthStateChange: jest.fn((listener: Listener) => {
      listeners.push(listener);
      return { data: { subscription: { unsubscribe: () => undefined } } };
    }),
    signOut: jest.fn(async () => ({ error: null })),
  };
  return { client: { auth } as unknown as SupabaseClient, auth, emit: (event: string, s: unknown) => listeners.forEach((l) => l(event, s)) };
}

const session = { access_token: 'token-1', user: { id: 'u1', email: 'ada@example.com', user_metadata: { full_name: 'Ada Lovelace' } } };

describe('auth store', () => {
  it('is loading until getSession answers, then signed in with the SPEC §3 user', async () => {
    const { client } = fakeSupabase(session);
    const store = createAuthStore(client);
    expect(store.getSnapshot().status).toBe('loading');
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getSnapshot()).toMatchObject({ status: 'signed-in', user: { id: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' } });
  });

  it('takes a changed name at once (USER_UPDATED keeps the same token), so the header is not stale', async () => {
    const { client, emit } = fakeSupabase(session);
    const store = createAuthStore(client);
    await Promise.resolve();
    await Promise.resolve();
    const seen = jest.fn();
    store.subscribe(seen);
    emit('USER_UPDATED', { ...session, user: { ...session.user, user_metadata: { full_name: 'Ada King' } } });
    expect(store.getSnapshot().user?.name).toBe('Ada King');
    expect(seen).toHaveBeenCalledTimes(1);
    emit('TOKEN_REFRESHED', { ...session, user: { ...session.user, user_metadata: { full_name: 'Ada King' } } });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('after a logout (/?logout) skips the session check: signed out at once', () => {
    const { client, auth, emit } = fakeSupabase(session);
    const store = createAuthStore(client, { skipSessionCheck: true });
    emit('INITIAL_SESSION', session);
    expect(auth.getSession).not.toHaveBeenCalled();
    expect(store.getSnapshot().status).toBe('signed-out');
    emit('SIGNED_IN', session);
    expect(store.getSnapshot().status).toBe('signed-in');
  });

  it('signs out globally, waits 500 ms, then loads /?logout', async () => {
    jest.useFakeTimers();
    const { client, auth } = fakeSupabase(session);
    const navigate = jest.fn();
    const store = createAuthStore(client, { navigate });
    const done = store.signOut();
    await jest.advanceTimersByTimeAsync(LOGOUT_DELAY_MS - 1);
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'global' });
    expect(navigate).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(navigate).toHaveBeenCalledWith('/?logout');
    expect(store.getSnapshot().status).toBe('signed-out');
    jest.useRealTimers();
  });
});

describe('consumeLogoutMarker', () => {
  it('reports a post-logout load once and removes the parameter from the address', () => {
    window.history.replaceState(null, '', '/?logout&utm=x#top');
    expect(consumeLogoutMarker()).toBe(true);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/?utm=x#top');
    expect(consumeLogoutMarker()).toBe(false);
  });
});
