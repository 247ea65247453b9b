import type { PendingOperation, PendingOperationHandler, PendingOperationsApi } from '@dossier/shared/contract';
import { newId, openOfflineDb, type OfflineDb } from './offline-db';

/** The background-sync tag the page registers through the service worker (SPEC §7). */
export const PENDING_OPERATIONS_SYNC_TAG = 'dossier-pending-operations';

/** Tells other tabs that the queue changed, so every badge shows the same count. */
const CHANNEL_NAME = 'dossier-pending-operations';
const LOCK_NAME = 'dossier-pending-operations-flush';

export interface PendingOperationQueue extends PendingOperationsApi {
  /** Flushes now, and again whenever the page comes back online. Returns a stop function. */
  start(target?: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void;
  close(): Promise<void>;
}

export interface QueueOptions {
  dbName?: string;
  now?: () => number;
  isOnline?: () => boolean;
  /** Asks the service worker to register background sync for this tag (REGISTER_BACKGROUND_SYNC). */
  requestBackgroundSync?: (tag: string) => void;
  /**
   * Called for a queued type nobody has registered a handler for: the shell loads the area that
   * owns it (its `register` step adds the handler). A failure leaves the operation queued.
   */
  loadHandler?: (type: string) => Promise<void>;
}

/**
 * SPEC §3/§4 pending offline operations, kept in IndexedDB so nothing queued is lost across
 * reloads. Payloads are stored by structured clone, so Files and Blobs survive as they are.
 * Each type is replayed by the handler its area registers; an operation with no handler yet
 * waits for one.
 */
export function createPendingOperationQueue({
  dbName,
  now = Date.now,
  isOnline = () => globalThis.navigator?.onLine ?? true,
  requestBackgroundSync,
  loadHandler,
}: QueueOptions = {}): PendingOperationQueue {
  let dbPromise: Promise<OfflineDb> | null = null;
  const db = () => (dbPromise ??= openOfflineDb(dbName));
  const handlers = new Map<string, PendingOperationHandler<unknown>>();
  const listeners = new Set<(operations: PendingOperation[]) => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  let flushing: Promise<{ succeeded: number; failed: number }> | null = null;

  async function list(type?: string): Promise<PendingOperation[]> {
    const database = await db();
    const operations = type ? await database.getAllFromIndex('pending-operations', 'type', type) : await database.getAll('pending-operations');
    return operations.sort((a, b) => a.timestamp - b.timestamp);
  }

  async function notify(local = true) {
    if (listeners.size > 0) {
      const operations = await list();
      for (const listener of listeners) listener(operations);
    }
    if (local) channel?.postMessage('changed');
  }
  channel?.addEventListener('message', () => void notify(false));

  async function runQueued(): Promise<{ succeeded: number; failed: number }> {
    let succeeded = 0;
    let failed = 0;
    const queued = await list();
    if (loadHandler) {
      const missing = [...new Set(queued.map((operation) => operation.type))].filter((type) => !handlers.has(type));
      await Promise.all(missing.map((type) => loadHandler(type).catch(() => undefined)));
    }
    for (const operation of queued) {
      const handler = handlers.get(operation.type);
      if (!handler) continue;
      try {
        await handler(operation);
        await (await db()).delete('pending-operations', operation.id);
        succeeded += 1;
      } catch {
        failed += 1;
        const database = await db();
        // It may have been removed meanwhile (cancelled by the user); only count the retry if not.
        const current = await database.get('pending-operations', operation.id);
        if (current) await database.put('pending-operations', { ...current, retryCount: current.retryCount + 1 });
      }
    }
    if (succeeded + failed > 0) await notify();
    return { succeeded, failed };
  }

  function flush(): Promise<{ succeeded: number; failed: number }> {
    if (!isOnline()) return Promise.resolve({ succeeded: 0, failed: 0 });
    // One flush at a time in this tab, and (where Web Locks exist) across tabs, so an
    // operation is never replayed twice at once.
    flushing ??= (async () => {
      try {
        const locks = globalThis.navigator?.locks;
        return locks ? await locks.request(LOCK_NAME, runQueued) : await runQueued();
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  return {
    async enqueue<P>(type: string, payload: P): Promise<PendingOperation<P>> {
      const operation: PendingOperation<P> = { id: newId(), type, timestamp: now(), retryCount: 0, payload };
      await (await db()).put('pending-operations', operation as PendingOperation);
      await notify();
      requestBackgroundSync?.(PENDING_OPERATIONS_SYNC_TAG);
      return operation;
    },
    list,
    async remove(id) {
      await (await db()).delete('pending-operations', id);
      await notify();
    },
    registerHandler<P>(type: string, handler: PendingOperationHandler<P>) {
      handlers.set(type, handler as PendingOperationHandler<unknown>);
      // An area that loads late still gets what was queued before it arrived.
      void flush();
      return () => {
        if (handlers.get(type) === handler) handlers.delete(type);
      };
    },
    flush,
    subscribe(listener) {
      listeners.add(listener);
      void list().then((operations) => listeners.has(listener) && listener(operations));
      return () => listeners.delete(listener);
    },
    start(target = window) {
      const onOnline = () => void flush();
      target.addEventListener('online', onOnline);
      void flush();
      return () => target.removeEventListener('online', onOnline);
    },
    async close() {
      channel?.close();
      if (dbPromise) (await dbPromise).close();
    },
  };
}
