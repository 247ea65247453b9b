import type { PendingOperation, PendingOperationHandler, PendingOperationsApi } from '@dossier/shared';
import type { ShellPart } from './shell-part';

/**
 * Pending operations kept in memory, replayed when the page comes back online. Correct within
 * one page load; the shell-features work (IndexedDB + background sync) replaces this import in
 * create-services.ts so nothing is lost across reloads.
 */
export function createPendingOperations(): ShellPart<PendingOperationsApi> {
  let queue: PendingOperation[] = [];
  const handlers = new Map<string, PendingOperationHandler>();
  const listeners = new Set<(operations: PendingOperation[]) => void>();
  let counter = 0;
  const changed = () => listeners.forEach((listener) => listener(queue));
  const api: PendingOperationsApi = {
    async enqueue<P>(type: string, payload: P) {
      const operation: PendingOperation<P> = { id: `op-${Date.now()}-${++counter}`, type, timestamp: Date.now(), retryCount: 0, payload };
      queue = [...queue, operation];
      changed();
      return operation;
    },
    list: async (type) => (type ? queue.filter((op) => op.type === type) : queue),
    async remove(id) {
      queue = queue.filter((op) => op.id !== id);
      changed();
    },
    registerHandler<P>(type: string, handler: PendingOperationHandler<P>) {
      handlers.set(type, handler as PendingOperationHandler);
      return () => handlers.delete(type);
    },
    async flush() {
      let succeeded = 0;
      let failed = 0;
      for (const operation of queue) {
        const handler = handlers.get(operation.type);
        if (!handler) continue;
        try {
          await handler(operation);
          queue = queue.filter((op) => op.id !== operation.id);
          succeeded++;
        } catch {
          queue = queue.map((op) => (op.id === operation.id ? { ...op, retryCount: op.retryCount + 1 } : op));
          failed++;
        }
      }
      changed();
      return { succeeded, failed };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  if (typeof window !== 'undefined') window.addEventListener('online', () => void api.flush());
  return { api };
}
