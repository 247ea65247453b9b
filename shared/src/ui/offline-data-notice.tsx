import { useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';

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

const TIME = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** The marker's words: "Offline — showing what you had (as of 23 Nov, 14:02)". */
export function offlineDataText(updatedAt: number | null | undefined): string {
  return updatedAt ? `Offline — showing what you had (as of ${TIME.format(new Date(updatedAt))})` : 'Offline — showing what you had';
}

/**
 * The clear marker on data shown from the persisted cache while offline (issue #9 §4): nothing
 * while online, so it never tells an online person their data is old. `updatedAt` is the query's
 * dataUpdatedAt (the time it was last fetched, kept by the snapshot).
 */
export function OfflineDataNotice({ updatedAt, queryRoots, className }: { updatedAt?: number | null; queryRoots?: readonly string[]; className?: string }) {
  const online = useOnline();
  if (online) return null;
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
