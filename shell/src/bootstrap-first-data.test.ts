/** @jest-environment node */
import type { SupabaseClient } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import type { AuthState } from '@dossier/shared';
import { startFirstData } from './bootstrap-first-data';

function fakeAuth(initial: AuthState['status']) {
  let status = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => ({ status }) as AuthState,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
    become(next: AuthState['status']) {
      status = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

function fakeSupabase() {
  const calls: string[] = [];
  const supabase = { rpc: async (name: string) => (calls.push(name), { data: [], error: null }) } as unknown as SupabaseClient;
  return { supabase, calls };
}

const library = { pathname: '/documents', search: '' };

it('starts the library’s first page as soon as the session is known to be signed in', async () => {
  const authStore = fakeAuth('loading');
  const { supabase, calls } = fakeSupabase();
  startFirstData({ authStore, queryClient: new QueryClient(), supabase }, library);
  expect(calls).toEqual([]);
  authStore.become('signed-in');
  await Promise.resolve();
  expect(calls).toEqual(['search_documents']);
  expect(authStore.listeners.size).toBe(0);
});

it('sends nothing for a signed-out visitor: an empty answer would be cached as their library', async () => {
  const authStore = fakeAuth('loading');
  const { supabase, calls } = fakeSupabase();
  startFirstData({ authStore, queryClient: new QueryClient(), supabase }, library);
  authStore.become('signed-out');
  authStore.become('signed-in');
  await Promise.resolve();
  expect(calls).toEqual([]);
  expect(authStore.listeners.size).toBe(0);
});
