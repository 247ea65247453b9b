import type { Page } from '@playwright/test';

// The app persists its TanStack Query cache in IndexedDB ('dossier-query-cache', store
// 'snapshots') so pages render offline; the offline specs wait until a snapshot holds what they need.

interface QuerySnapshot {
  state: { queries: { queryKey: unknown[]; state: { data?: unknown } }[] };
}

/** The persisted query snapshots (IndexedDB 'dossier-query-cache'), as JSON; null when there are none. */
function persistedSnapshots(page: Page): Promise<string | null> {
  return page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('dossier-query-cache');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('snapshots')) return resolve(null);
          const all = db.transaction('snapshots').objectStore('snapshots').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => resolve(null);
        };
        open.onerror = () => resolve(null);
      }),
  );
}

/** Whether the persisted query snapshot mentions `text` (it is written a second after changes). */
export async function snapshotHas(page: Page, text: string): Promise<boolean> {
  return (await persistedSnapshots(page))?.includes(text) ?? false;
}

/** Whether the persisted snapshot holds the query with exactly this key. */
export async function snapshotHasQuery(page: Page, key: readonly unknown[]): Promise<boolean> {
  const snapshots = JSON.parse((await persistedSnapshots(page)) ?? '[]') as QuerySnapshot[];
  const wanted = JSON.stringify(key);
  return snapshots.some((snapshot) => snapshot.state.queries.some((query) => JSON.stringify(query.queryKey) === wanted));
}

/** Whether a persisted query whose key starts with `prefix` holds `text` in its data. */
export async function snapshotQueryHas(page: Page, prefix: readonly unknown[], text: string): Promise<boolean> {
  const snapshots = JSON.parse((await persistedSnapshots(page)) ?? '[]') as QuerySnapshot[];
  const starts = (key: unknown[]) => prefix.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part));
  return snapshots.some((snapshot) => snapshot.state.queries.some((query) => starts(query.queryKey) && JSON.stringify(query.state.data ?? null).includes(text)));
}
