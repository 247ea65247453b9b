import { useEffect } from 'react';
import { useToasts } from '@dossier/shared/contract';
import type { ShellPart } from '../../services/shell-part';
import { startServiceWorker } from './service-worker-client';

/** The toast that offers a waiting service worker (SPEC §7 SW_UPDATE_AVAILABLE). */
export const UPDATE_TOAST = { id: 'sw-update-available', title: 'Update available', action: 'Reload' } as const;

/**
 * Registers the service worker, passes on its BACKGROUND_SYNC_RESULT messages and offers a
 * waiting update as a toast. Its one job: the pending-operation queue is its own part.
 */
function ServiceWorker({ onBackgroundSync }: { onBackgroundSync: () => void }) {
  const toasts = useToasts();
  useEffect(
    () =>
      startServiceWorker({
        onMessage(message) {
          if (message.type === 'BACKGROUND_SYNC_RESULT') onBackgroundSync();
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
      }),
    [toasts, onBackgroundSync],
  );
  return null;
}

/** The service worker as one replaceable part of the shell (no API for the areas). */
export function createServiceWorkerPart(options: { onBackgroundSync: () => void }): ShellPart<null> {
  return { api: null, Overlay: () => <ServiceWorker onBackgroundSync={options.onBackgroundSync} /> };
}
