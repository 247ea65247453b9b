import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { PendingOperation } from '@dossier/shared/contract';

/**
 * The shell's IndexedDB database, shared by the page and the service worker (which stores
 * STORE_PENDING_OPERATION messages and shared files into the same stores).
 */
export const OFFLINE_DB_NAME = 'dossier-offline';
export const OFFLINE_DB_VERSION = 1;

/** Files shared to Dossier from the device (Web Share Target), waiting for the upload. */
export interface SharedItem {
  id: string;
  /** ms since epoch */
  receivedAt: number;
  title?: string;
  text?: string;
  url?: string;
  files: File[];
}

export interface OfflineDbSchema extends DBSchema {
  'pending-operations': {
    key: string;
    value: PendingOperation;
    indexes: { type: string; timestamp: number };
  };
  'shared-items': {
    key: string;
    value: SharedItem;
  };
}

export type OfflineDb = IDBPDatabase<OfflineDbSchema>;

export function openOfflineDb(name = OFFLINE_DB_NAME): Promise<OfflineDb> {
  return openDB<OfflineDbSchema>(name, OFFLINE_DB_VERSION, {
    upgrade(db) {
      if (!db.objectStoreNames.contains('pending-operations')) {
        const store = db.createObjectStore('pending-operations', { keyPath: 'id' });
        store.createIndex('type', 'type');
        store.createIndex('timestamp', 'timestamp');
      }
      if (!db.objectStoreNames.contains('shared-items')) db.createObjectStore('shared-items', { keyPath: 'id' });
    },
  });
}

export function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
