import { useEffect } from 'react';
import type { PendingOperationsApi } from '@dossier/shared/contract';
import type { ShellPart } from '../../services/shell-part';
import { postToWorker } from '../pwa';
import { createPendingOperationQueue, type PendingOperationQueue } from './pending-operation-queue';

/** Runs beside the app: starts the queue (flush at start and whenever the page comes back online). */
function QueueRunner({ queue }: { queue: PendingOperationQueue }) {
  useEffect(() => queue.start(), [queue]);
  return null;
}

/**
 * The IndexedDB queue as one replaceable part of the services. Background sync is asked of the
 * service worker; its results come back through the service-worker part (features/pwa).
 */
export function createPendingOperations(options: { loadHandler?: (type: string) => Promise<void> } = {}): ShellPart<PendingOperationsApi> {
  const queue = createPendingOperationQueue({
    requestBackgroundSync: (tag) => void postToWorker({ type: 'REGISTER_BACKGROUND_SYNC', tag }),
    loadHandler: options.loadHandler,
  });
  return { api: queue, Overlay: () => <QueueRunner queue={queue} /> };
}
