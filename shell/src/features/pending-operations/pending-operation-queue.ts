import type { PendingOperation, PendingOperationHandler, PendingOperationsApi } from '@dossier/shared/contract';
import { DEFAULT_RETRY_POLICY, failureKind, retryDelay, type RetryPolicy } from '@dossier/shared/core';
import { newId, openOfflineDb, type OfflineDb } from './offline-db';

/** The background-sync tag the page registers through the service worker (SPEC §7). */
export const PENDING_OPERATIONS_SYNC_TAG = 'dossier-pending-operations';

/** Tells other tabs that the queue changed, so every badge shows the same count. */
const CHANNEL_NAME = 'dossier-pending-operations';
const LOCK_NAME = 'dossier-pending-operations-flush';

/**
 * When the queue replays again by itself. The `online` event fires before the network really
 * works, so a replay right after reconnecting often fails with no answer (or the server is still
 * coming back); without this it waited for the next `online` event or reload while the list said
 * "Sending…". So after a replay that failed *for a reason that passes* (SPEC §9's temporary
 * failures, `shouldRetry`: no answer, a time-out, a server error, a rate limit) while the browser
 * says online, the queue flushes again after the policy's back-off, up to a wait of 2 minutes.
 * Nothing else is retried on the timer: an upload waiting for the person's "Keep both" / "Don't
 * upload" (its area throws its own DuplicateAwaitingDecisionError, which carries no status and
 * reads as no temporary failure), a refusal or another user's upload would get the same answer.
 */
export const REPLAY_RETRY_POLICY: RetryPolicy = { ...DEFAULT_RETRY_POLICY, attempts: Number.POSITIVE_INFINITY, maxDelayMs: 2 * 60_000 };

/**
 * The wait before the queue's `retry`-th timed replay. SPEC §9's "a lost connection waits at most
 * 10 s" is for the tries inside one request; these go on for as long as the page is online (a
 * captive portal says online for ever), so they back off to the cap whatever the failure — only a
 * rate limit's Retry-After (or SPEC's 5 s minimum) still sets the wait.
 */
export function replayRetryDelay(retry: number, error: unknown, random: () => number = Math.random): number {
  return retryDelay(retry, failureKind(error) === 'rate-limit' ? error : undefined, REPLAY_RETRY_POLICY, random);
}

export interface PendingOperationQueue extends PendingOperationsApi {
  /**
   * Flushes now, again whenever the page comes back online, and again after a replay that failed
   * for a temporary reason (REPLAY_RETRY_POLICY) until it goes offline. Returns a stop function.
   */
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
  /** For tests: the back-off's jitter source. */
  random?: () => number;
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
  random = Math.random,
}: QueueOptions = {}): PendingOperationQueue {
  let dbPromise: Promise<OfflineDb> | null = null;
  const db = () => (dbPromise ??= openOfflineDb(dbName));
  const handlers = new Map<string, PendingOperationHandler<unknown>>();
  const listeners = new Set<(operations: PendingOperation[]) => void>();
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  let flushing: Promise<{ succeeded: number; failed: number }> | null = null;
  /** The timed replay after a temporary failure, and how many in a row have failed so far. */
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let timedRetries = 0;

  function cancelRetry() {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    timedRetries = 0;
  }

  /** After each replay: try again later only if something failed for a reason that passes. */
  function retryLaterIfTemporary(temporaryFailure: { error: unknown } | undefined) {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    if (!temporaryFailure || !isOnline()) {
      timedRetries = 0;
      return;
    }
    timedRetries += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void flush();
    }, replayRetryDelay(timedRetries, temporaryFailure.error, random));
  }

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
    // The last failure worth another try on the timer (REPLAY_RETRY_POLICY), if any.
    let temporaryFailure: { error: unknown } | undefined;
    const noteFailure = (error: unknown) => {
      if (REPLAY_RETRY_POLICY.shouldRetry(error)) temporaryFailure = { error };
    };
    const queued = await list();
    if (loadHandler) {
      const missing = [...new Set(queued.map((operation) => operation.type))].filter((type) => !handlers.has(type));
      // An area that could not be fetched on reconnecting is the same case as a failed replay.
      await Promise.all(missing.map((type) => loadHandler(type).catch(noteFailure)));
    }
    for (const operation of queued) {
      const handler = handlers.get(operation.type);
      if (!handler) continue;
      try {
        await handler(operation);
        await (await db()).delete('pending-operations', operation.id);
        succeeded += 1;
      } catch (error) {
        failed += 1;
        noteFailure(error);
        const database = await db();
        // It may have been removed meanwhile (cancelled by the user); only count the retry if not.
        const current = await database.get('pending-operations', operation.id);
        if (current) await database.put('pending-operations', { ...current, retryCount: current.retryCount + 1 });
      }
    }
    if (succeeded + failed > 0) await notify();
    retryLaterIfTemporary(temporaryFailure);
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
      const database = await db();
      await database.delete('pending-operations', id);
      // Nothing left to send: no timed replay either.
      if ((await database.count('pending-operations')) === 0) cancelRetry();
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
      // Offline, a timed replay could only fail: the `online` event starts again from the shortest wait.
      const onOffline = () => cancelRetry();
      target.addEventListener('online', onOnline);
      target.addEventListener('offline', onOffline);
      void flush();
      return () => {
        target.removeEventListener('online', onOnline);
        target.removeEventListener('offline', onOffline);
        cancelRetry();
      };
    },
    async close() {
      cancelRetry();
      channel?.close();
      if (dbPromise) (await dbPromise).close();
    },
  };
}
