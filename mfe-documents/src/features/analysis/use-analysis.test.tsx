import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { useAnalysisQueue } from './use-analysis';

/** A client whose session events the test sends (no network: consent is off, nothing is read). */
function fakeClient() {
  const listeners = new Set<(event: string) => void>();
  const client = {
    auth: {
      onAuthStateChange: (listener: (event: string) => void) => {
        listeners.add(listener);
        return { data: { subscription: { unsubscribe: () => listeners.delete(listener) } } };
      },
    },
  } as unknown as SupabaseClient;
  return { client, listeners, send: (event: string) => listeners.forEach((listener) => listener(event)) };
}

function renderQueue(client: SupabaseClient, userId: string | null) {
  const services = (id: string | null) =>
    createFakeServices({ supabase: client, auth: id ? { status: 'signed-in', user: { id, email: 'a@example.com', name: 'A' } } : { status: 'signed-out', user: null } });
  let current = services(userId);
  const wrapper = ({ children }: { children: ReactNode }) => <DossierServicesProvider services={current}>{children}</DossierServicesProvider>;
  const hook = renderHook(() => useAnalysisQueue(), { wrapper });
  return { ...hook, signOutHere: () => ((current = { ...current, auth: services(null).auth }), hook.rerender()) };
}

describe("the page's analysis queue and the session", () => {
  it('stops when the session ends while the library is not on screen', () => {
    const { client, listeners, send } = fakeClient();
    const { result, unmount } = renderQueue(client, 'person-a');
    const queue = result.current!;
    const close = jest.spyOn(queue, 'close');
    // The person went to another area: the queue outlives the library page.
    unmount();
    act(() => send('SIGNED_OUT'));
    expect(close).toHaveBeenCalled();
    expect(listeners.size).toBe(0);
  });

  it('stops when the library sees the person signed out, and a new person gets a new queue', () => {
    const { client } = fakeClient();
    const { result, signOutHere } = renderQueue(client, 'person-b');
    const queue = result.current!;
    const close = jest.spyOn(queue, 'close');
    act(() => signOutHere());
    expect(result.current).toBeNull();
    expect(close).toHaveBeenCalled();
    const next = renderQueue(client, 'person-b');
    expect(next.result.current).not.toBe(queue);
  });
});
