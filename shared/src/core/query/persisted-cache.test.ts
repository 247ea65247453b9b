import { QueryClient } from '@tanstack/react-query';
import { persistQueryCache, restoreQueryCache, PERSISTED_CACHE_MAX_AGE_MS, type PersistedSnapshot, type SnapshotStore } from './persisted-cache';

function memoryStore(): SnapshotStore & { snapshots: Map<string, PersistedSnapshot> } {
  const snapshots = new Map<string, PersistedSnapshot>();
  return {
    snapshots,
    read: async (userId) => snapshots.get(userId),
    write: async (snapshot) => void snapshots.set(snapshot.userId, snapshot),
    clear: async () => snapshots.clear(),
  };
}

function authSource(initial: { status: string; user: { id: string } | null }) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => void listeners.delete(listener)),
    set(next: typeof state) {
      state = next;
      listeners.forEach((l) => l());
    },
  };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

describe('persisted query cache (offline library)', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('saves at once, not a second later, when the page is left or hidden (a reload must not lose the last fetch)', async () => {
    const store = memoryStore();
    const client = new QueryClient();
    const stop = persistQueryCache(client, authSource({ status: 'signed-in', user: { id: 'ann' } }), { buster: 'b1', store });
    client.setQueryData(['portfolios', 'overview'], [{ id: 'p1', name: 'Flat in Lisbon' }]);
    window.dispatchEvent(new Event('pagehide'));
    await flush();
    expect(store.snapshots.get('ann')?.state.queries.map((q) => q.queryKey)).toEqual([['portfolios', 'overview']]);

    client.setQueryData(['documents', 'list', { q: '' }], { items: [], total: 0 });
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(store.snapshots.get('ann')?.state.queries).toHaveLength(2);
    visibility.mockRestore();

    // Nothing waiting: leaving writes nothing more; after stop() the page's events are not heard.
    const writes = jest.spyOn(store, 'write');
    window.dispatchEvent(new Event('pagehide'));
    stop();
    client.setQueryData(['documents', 'list', { q: 'x' }], { items: [], total: 0 });
    window.dispatchEvent(new Event('pagehide'));
    await jest.advanceTimersByTimeAsync(2000);
    expect(writes).not.toHaveBeenCalled();
  });

  it("saves what the person reads, restores it for the same person only, and forgets it on sign-out", async () => {
    const store = memoryStore();
    const auth = authSource({ status: 'signed-in', user: { id: 'ann' } });
    const first = new QueryClient();
    const stop = persistQueryCache(first, auth, { buster: 'b1', store });
    first.setQueryData(['documents', 'list', { q: '' }], { items: [{ id: 'd1', name: 'passport.pdf' }], total: 1 });
    first.setQueryData(['billing', 'subscription'], { plan: 'plus' });
    first.setQueryData(['documents', 'thumbnail', 'a/b/c.png'], 'https://signed');
    // Files live in the bounded recent-files store (ADR 0191), never in every snapshot.
    first.setQueryData(['documents', 'object', 'ann/d1/passport.pdf'], new Blob(['%PDF']));
    await jest.advanceTimersByTimeAsync(1000);
    const saved = store.snapshots.get('ann')!;
    expect(saved.state.queries.map((q) => q.queryKey)).toEqual([['documents', 'list', { q: '' }]]);
    stop();

    // A reload (a new client) as the same person: the library is back before any fetch.
    const second = new QueryClient();
    expect(await restoreQueryCache(second, 'ann', { buster: 'b1', store })).toBe(true);
    expect(second.getQueryData(['documents', 'list', { q: '' }])).toEqual({ items: [{ id: 'd1', name: 'passport.pdf' }], total: 1 });
    // Shown at once, refetched by the first page that uses it.
    expect(second.getQueryState(['documents', 'list', { q: '' }])?.isInvalidated).toBe(true);
    // Never another person's, never another build's, never one older than a week.
    expect(await restoreQueryCache(new QueryClient(), 'bob', { buster: 'b1', store })).toBe(false);
    expect(await restoreQueryCache(new QueryClient(), 'ann', { buster: 'b2', store })).toBe(false);
    expect(await restoreQueryCache(new QueryClient(), 'ann', { buster: 'b1', store, now: () => saved.savedAt + PERSISTED_CACHE_MAX_AGE_MS + 1 })).toBe(false);

    const third = new QueryClient();
    const recentFiles = { all: jest.fn(), get: jest.fn(), put: jest.fn(), delete: jest.fn(), clear: jest.fn(async () => undefined) };
    // The service worker's caches: its API fallback holds rows and opened files; the app's code does not.
    const cacheNames = new Set(['dossier-api-fallback-v2', 'dossier-api-fallback-v1', 'dossier-remote-chunks', 'dossier-precache-v9']);
    const cacheStorage = { keys: async () => [...cacheNames], delete: async (name: string) => cacheNames.delete(name) };
    persistQueryCache(third, auth, { buster: 'b1', store, recentFiles, cacheStorage });
    await flush();
    expect(third.getQueryData(['documents', 'list', { q: '' }])).toBeDefined();
    auth.set({ status: 'signed-out', user: null });
    await flush();
    expect(store.snapshots.size).toBe(0);
    // The files of recently opened documents go with it.
    expect(recentFiles.clear).toHaveBeenCalledTimes(1);
    // So do the worker's offline answers (the person's rows and the files they opened).
    expect([...cacheNames].sort()).toEqual(['dossier-precache-v9', 'dossier-remote-chunks']);
  });
});
