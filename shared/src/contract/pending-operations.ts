/**
 * SPEC §3 pending offline operation, kept by the shell in IndexedDB and replayed by background
 * sync (service worker) or when the page comes back online — so nothing is lost across reloads.
 */
export interface PendingOperation<P = unknown> {
  id: string;
  /** e.g. 'document-upload' */
  type: string;
  /** ms since epoch, when queued */
  timestamp: number;
  retryCount: number;
  payload: P;
}

/** Runs one queued operation; throw to keep it queued (retryCount grows). */
export type PendingOperationHandler<P = unknown> = (operation: PendingOperation<P>) => Promise<void>;

export interface PendingOperationsApi {
  enqueue<P>(type: string, payload: P): Promise<PendingOperation<P>>;
  list(type?: string): Promise<PendingOperation[]>;
  remove(id: string): Promise<void>;
  /** An area registers how to replay its operation type; returns an unregister function. */
  registerHandler<P>(type: string, handler: PendingOperationHandler<P>): () => void;
  /** Replays what is queued now (called on 'online', on BACKGROUND_SYNC_RESULT, and at start). */
  flush(): Promise<{ succeeded: number; failed: number }>;
  /** Subscribe to queue changes (count per type), for badges and progress. */
  subscribe(listener: (operations: PendingOperation[]) => void): () => void;
}
