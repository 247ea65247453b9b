import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { lazyDatabase } from './idb-database';
import { forgetRecentFiles, indexedDbRecentFiles, type RecentFileStore } from './recent-files';
import { API_FALLBACK_CACHE } from '../limits';

/**
 * The library, dashboard and portfolios as last seen, for an offline reload (issue #9 §4, SPEC §4
 * "cached documents and portfolios are used"). What TanStack's persistQueryClient does, on the
 * page's own @tanstack/react-query (`dehydrate`/`hydrate`) and `idb` — the persister packages pin
 * an older query-core, which would put a second copy in the bundle
 * (docs/decisions/0121-offline-library-from-a-persisted-query-cache.md).
 *
 * One snapshot per person, in IndexedDB: written (throttled) while they are signed in, restored
 * when the same person's session starts (a session is known offline: supabase-js keeps it in
 * localStorage), deleted on sign-out so a shared device keeps nobody's library.
 */

const DB_NAME = 'dossier-query-cache';
const STORE = 'snapshots';
/** Older snapshots are not shown: a week-old library is worse than an honest "offline". */
export const PERSISTED_CACHE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
const THROTTLE_MS = 1000;

export interface PersistedSnapshot {
  userId: string;
  /** The build that wrote it: a new build may shape its data differently. */
  buster: string;
  savedAt: number;
  state: DehydratedState;
}

/** The query-key roots worth keeping: what the person reads (never auth, drive or billing state). */
export const PERSISTED_QUERY_ROOTS: ReadonlySet<string> = new Set(['documents', 'document-categories', 'tags', 'portfolios', 'portfolio', 'dashboard', 'profile']);

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const root = query.queryKey[0];
  if (typeof root !== 'string' || !PERSISTED_QUERY_ROOTS.has(root)) return false;
  // Signed thumbnail URLs expire within the hour: not worth keeping. Files (Blobs) are kept,
  // bounded, in the recent-files store instead (recent-files.ts), not in every snapshot.
  if (query.queryKey[1] === 'thumbnail' || query.queryKey[1] === 'object') return false;
  return query.state.status === 'success' && query.state.data !== undefined;
}

const database = lazyDatabase(DB_NAME, STORE);

export interface SnapshotStore {
  read(userId: string): Promise<PersistedSnapshot | undefined>;
  write(snapshot: PersistedSnapshot): Promise<void>;
  clear(): Promise<void>;
}

export const indexedDbSnapshots: SnapshotStore = {
  async read(userId) {
    return (await (await database()).get(STORE, userId)) as PersistedSnapshot | undefined;
  },
  async write(snapshot) {
    await (await database()).put(STORE, snapshot, snapshot.userId);
  },
  async clear() {
    await (await database()).clear(STORE);
  },
};

export interface PersistOptions {
  buster: string;
  store?: SnapshotStore;
  /** The files of recently opened documents, cleared with the snapshots on sign-out. */
  recentFiles?: RecentFileStore;
  /** The service worker's Cache Storage (the page's `caches`): its API fallback is emptied on sign-out. */
  cacheStorage?: Pick<CacheStorage, 'keys' | 'delete'>;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** Puts a person's last snapshot into the cache; false when there is none fit to show. */
export async function restoreQueryCache(client: QueryClient, userId: string, options: PersistOptions): Promise<boolean> {
  const store = options.store ?? indexedDbSnapshots;
  const now = options.now ?? Date.now;
  const snapshot = await store.read(userId);
  if (!snapshot || snapshot.userId !== userId || snapshot.buster !== options.buster || now() - snapshot.savedAt > PERSISTED_CACHE_MAX_AGE_MS) return false;
  // hydrate never replaces data newer than the snapshot's (a query that already answered).
  hydrate(client, snapshot.state);
  // Shown at once, but stale: every page that uses them fetches fresh data when it can.
  const restored = new Set(snapshot.state.queries.map((query) => query.queryHash));
  await client.invalidateQueries({ predicate: (query) => restored.has(query.queryHash), refetchType: 'none' });
  return true;
}

export interface AuthSource {
  getSnapshot(): { status: string; user: { id: string } | null };
  subscribe(listener: () => void): () => void;
}

/**
 * Keeps the cache persisted for whoever is signed in: restores their snapshot when their session
 * starts, saves a second after the cache changes (at once when the page is left or hidden), and
 * clears every snapshot on sign-out.
 * Returns a function that stops it.
 */
export function persistQueryCache(client: QueryClient, auth: AuthSource, options: PersistOptions): () => void {
  const store = options.store ?? indexedDbSnapshots;
  const now = options.now ?? Date.now;
  const report = (error: unknown) => options.onError?.(error);
  let userId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const save = () => {
    timer = undefined;
    if (!userId) return;
    const state = dehydrate(client, { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: () => false });
    store.write({ userId, buster: options.buster, savedAt: now(), state }).catch(report);
  };
  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (!userId || (event.type !== 'updated' && event.type !== 'removed')) return;
    timer ??= setTimeout(save, THROTTLE_MS);
  });
  // A page left within the throttle (a reload, a closed tab, an app switched away on a phone) would
  // lose what it fetched last: that save happens now instead. 'pagehide' is the last event a page
  // reliably gets; 'visibilitychange' to hidden is the last one on a phone that may be killed.
  const saveNow = () => {
    if (!timer) return;
    clearTimeout(timer);
    save();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') saveNow();
  };
  const page = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('pagehide', saveNow);
  page?.document.addEventListener('visibilitychange', onVisibility);

  const onAuth = () => {
    const { status, user } = auth.getSnapshot();
    if (status === 'signed-in' && user && user.id !== userId) {
      userId = user.id;
      restoreQueryCache(client, user.id, options).catch(report);
    } else if (status === 'signed-out' && userId !== null) {
      userId = null;
      if (timer) clearTimeout(timer);
      timer = undefined;
      store.clear().catch(report);
      forgetRecentFiles({ store: options.recentFiles ?? indexedDbRecentFiles }).catch(report);
      forgetApiFallback(options.cacheStorage ?? (typeof caches === 'undefined' ? undefined : caches)).catch(report);
    }
  };
  const unsubscribeAuth = auth.subscribe(onAuth);
  onAuth();
  return () => {
    unsubscribeCache();
    unsubscribeAuth();
    page?.removeEventListener('pagehide', saveNow);
    page?.document.removeEventListener('visibilitychange', onVisibility);
    if (timer) clearTimeout(timer);
  };
}

/**
 * Empties the service worker's API fallback (every version of it): it holds the person's rows and
 * the files they opened, answered offline, and a shared device must keep nobody's (ADR 0191). The
 * page can do it itself: Cache Storage is one per origin, shared with the worker.
 */
export async function forgetApiFallback(cacheStorage: Pick<CacheStorage, 'keys' | 'delete'> | undefined): Promise<void> {
  if (!cacheStorage) return;
  for (const name of await cacheStorage.keys()) if (name.startsWith(API_FALLBACK_CACHE.name)) await cacheStorage.delete(name);
}
