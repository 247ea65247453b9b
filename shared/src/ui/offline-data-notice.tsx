import { useCallback, useContext, useSyncExternalStore } from 'react';
import { QueryClientContext, useQueryClient, type QueryCache } from '@tanstack/react-query';
import { isNetworkFailure } from '../core/resilience/failure-kind';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** navigator.onLine, following the browser's online/offline events (true when unknown). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine !== false,
    () => true,
  );
}

/**
 * Whether the data API was out of reach at its last answer: a query's fetch failed without an
 * answer (no HTTP status) and none has succeeded since. The browser's own flag is not enough:
 * offline, a reload of a page the service worker serves can report `navigator.onLine === true`
 * (Chromium 150 under DevTools' offline emulation), and a dead Wi-Fi or a server that is down
 * never turns it off. A server that answers, even with an error, is not "offline".
 */
export function useDataUnreachable(): boolean {
  // Without a query client (a gallery, a static page) there is no data API to be out of reach.
  const cache = useContext(QueryClientContext)?.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => (cache ? watchReachability(cache, onChange) : () => undefined), [cache]);
  return useSyncExternalStore(
    subscribe,
    () => (cache ? (unreachableCaches.get(cache) ?? false) : false),
    () => false,
  );
}

const unreachableCaches = new WeakMap<QueryCache, boolean>();
const watchedCaches = new WeakMap<QueryCache, Set<() => void>>();

function watchReachability(cache: QueryCache, onChange: () => void): () => void {
  let listeners = watchedCaches.get(cache);
  if (!listeners) {
    const own = new Set<() => void>();
    listeners = own;
    watchedCaches.set(cache, own);
    // What happened before anyone watched (a reload restores data, its refetch fails, then the
    // page's notice mounts): a query still carrying a failure without an answer.
    unreachableCaches.set(cache, cache.getAll().some((query) => query.state.fetchFailureReason != null && isNetworkFailure(query.state.fetchFailureReason)));
    // One subscription per cache, kept for its lifetime: a failure seen while no notice is on the
    // page (between two pages) must still count when the next page's notice mounts.
    cache.subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      let unreachable: boolean | undefined;
      if (action.type === 'success') unreachable = false;
      else if (action.type === 'failed' || action.type === 'error') unreachable = isNetworkFailure(action.error);
      if (unreachable === undefined || unreachable === (unreachableCaches.get(cache) ?? false)) return;
      unreachableCaches.set(cache, unreachable);
      own.forEach((listener) => listener());
    });
  }
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

const TIME = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The marker's words: "Offline — showing what you had (as of 23 Nov, 14:02)". */
export function offlineDataText(updatedAt: number | null | undefined): string {
  return updatedAt ? `Offline — showing what you had (as of ${TIME.format(new Date(updatedAt))})` : 'Offline — showing what you had';
}

/**
 * The clear marker on data shown from the persisted cache while offline (issue #9 §4): nothing
 * while Dossier answers, so it never tells an online person their data is old. "Offline" is the
 * browser's flag or the data API out of reach (useDataUnreachable). `updatedAt` is the query's
 * dataUpdatedAt (the time it was last fetched, kept by the snapshot).
 */
export function OfflineDataNotice({ updatedAt, queryRoots, className }: { updatedAt?: number | null; queryRoots?: readonly string[]; className?: string }) {
  const online = useOnline();
  const unreachable = useDataUnreachable();
  if (online && !unreachable) return null;
  return <OfflineMarker updatedAt={updatedAt ?? (queryRoots ? undefined : null)} queryRoots={queryRoots} className={className} />;
}

/** The oldest fetch time among the successful queries under these key roots (a page of widgets). */
export function oldestDataUpdatedAt(queries: readonly { queryKey: readonly unknown[]; state: { status: string; dataUpdatedAt: number } }[], roots: readonly string[]): number | null {
  const times = queries.filter((q) => q.state.status === 'success' && roots.includes(String(q.queryKey[0])) && q.state.dataUpdatedAt > 0).map((q) => q.state.dataUpdatedAt);
  return times.length > 0 ? Math.min(...times) : null;
}

function OfflineMarker({ updatedAt, queryRoots, className }: { updatedAt: number | null | undefined; queryRoots?: readonly string[]; className?: string }) {
  const client = useQueryClient();
  // A page made of widgets (the dashboard) says how old the oldest of what it shows is.
  if (updatedAt === undefined && queryRoots) updatedAt = oldestDataUpdatedAt(client.getQueryCache().getAll(), queryRoots);
  return (
    <p role="status" className={`ds-offline-data${className ? ` ${className}` : ''}`} data-testid="offline-data-notice">
      <span className="ds-offline-data-dot" aria-hidden="true" />
      {offlineDataText(updatedAt)}
    </p>
  );
}
