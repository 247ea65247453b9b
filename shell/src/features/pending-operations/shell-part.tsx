import { useEffect } from 'react';
import { useToasts, type PendingOperationsApi } from '@dossier/shared/contract';
import type { ShellPart } from '../../services/shell-part';
import { postToWorker, startServiceWorker } from '../pwa/service-worker-client';
import { createPendingOperationQueue, type PendingOperationQueue } from './pending-operation-queue';

/** The toast that offers a waiting service worker (SPEC §7 SW_UPDATE_AVAILABLE). */
export const UPDATE_TOAST = { id: 'sw-update-available', title: 'Update available', action: 'Reload' } as const;

/**
 * Runs beside the app: starts the queue (flush at start and on 'online'), registers the service
 * worker, replays the queue on BACKGROUND_SYNC_RESULT and offers updates as a toast.
 */
function OfflineSupport({ queue }: { queue: PendingOperationQueue }) {
  const toasts = useToasts();
  useEffect(() => {
    const stopQueue = queue.start();
    const stopWorker = startServiceWorker({
      onMessage(message) {
        if (message.type === 'BACKGROUND_SYNC_RESULT') void queue.flush();
      },
      onUpdateAvailable(activate) {
        toasts.stacked.add({
          id: UPDATE_TOAST.id,
          title: UPDATE_TOAST.title,
          description: 'A new version of Dossier is ready.',
          variant: 'info',
          duration: Infinity,
          action: { label: UPDATE_TOAST.action, onClick: activate },
        });
      },
    });
    return () => {
      stopQueue();
      stopWorker();
    };
  }, [queue, toasts]);
  return null;
}

/** The IndexedDB queue and the service worker, as one replaceable part of the services. */
export function createPendingOperations(): ShellPart<PendingOperationsApi> {
  const queue = createPendingOperationQueue({
    requestBackgroundSync: (tag) => void postToWorker({ type: 'REGISTER_BACKGROUND_SYNC', tag }),
  });
  return { api: queue, Overlay: () => <OfflineSupport queue={queue} /> };
}
