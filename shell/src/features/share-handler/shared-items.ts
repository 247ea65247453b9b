import { openOfflineDb, type SharedItem } from '../pending-operations';

/** Shared items the service worker stored from POST /share-handler (SPEC §2 share handler). */
export async function readSharedItem(id: string, dbName?: string): Promise<SharedItem | undefined> {
  const db = await openOfflineDb(dbName);
  try {
    return await db.get('shared-items', id);
  } finally {
    db.close();
  }
}

export async function listSharedItems(dbName?: string): Promise<SharedItem[]> {
  const db = await openOfflineDb(dbName);
  try {
    return (await db.getAll('shared-items')).sort((a, b) => a.receivedAt - b.receivedAt);
  } finally {
    db.close();
  }
}

export async function removeSharedItem(id: string, dbName?: string): Promise<void> {
  const db = await openOfflineDb(dbName);
  try {
    await db.delete('shared-items', id);
  } finally {
    db.close();
  }
}

/**
 * A share that arrived without the service worker (first visit, or a GET share target): the
 * title, text and link travel in the address; files cannot.
 */
export function sharedItemFromAddress(search: string): Omit<SharedItem, 'id' | 'receivedAt'> | null {
  const params = new URLSearchParams(search);
  const pick = (name: string) => params.get(name)?.trim() || undefined;
  const item = { title: pick('title'), text: pick('text'), url: pick('url'), files: [] as File[] };
  return item.title || item.text || item.url ? item : null;
}
