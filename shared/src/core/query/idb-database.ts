import { openDB, type IDBPDatabase } from 'idb';

/**
 * A lazily opened IndexedDB database with one object store (out-of-line keys): the persisted query
 * snapshots and the recently opened files each use one. A failed open is forgotten, so the next
 * call tries again.
 */
export function lazyDatabase(name: string, store: string): () => Promise<IDBPDatabase> {
  let opening: Promise<IDBPDatabase> | null = null;
  return () => {
    opening ??= openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore(store);
      },
    });
    opening.catch(() => {
      opening = null;
    });
    return opening;
  };
}
