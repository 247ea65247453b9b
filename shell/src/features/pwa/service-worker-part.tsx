import { useEffect } from 'react';
import { usePageSettled, whenIdle } from '../device';
import { useToasts } from '@dossier/shared/contract';
import type { ShellPart } from '../../services/shell-part';

/** The toast that offers a waiting service worker (SPEC §7 SW_UPDATE_AVAILABLE). */
export const UPDATE_TOAST = { id: 'sw-update-available', title: 'Update available', action: 'Reload' } as const;

/** The longest the registration waits for the opened page to be drawn (a page may spin for ever), then for an idle moment. */
const REGISTER_WAIT_MS = 10_000;
const IDLE_WAIT_MS = 2_000;

/**
 * Registers the service worker, passes on its BACKGROUND_SYNC_RESULT messages and offers a
 * waiting update as a toast. Its one job: the pending-operation queue is its own part.
 */
function ServiceWorker({ onBackgroundSync }: { onBackgroundSync: () => void }) {
  const toasts = useToasts();
  const settled = usePageSettled({ maxWaitMs: REGISTER_WAIT_MS });
  useEffect(() => {
    // Registered once the opened page is drawn, as Workbox advises ("after the load event"), with
    // workbox-window fetched then: it is not among the files a signed-in page waits for (issue
    // 24). The worker's messages wait in the page's queue until startMessages().
    if (!settled) return;
    let stop: (() => void) | undefined;
    let stopped = false;
    const register = () =>
      import('./service-worker-client').then(
        ({ startServiceWorker }) => {
          if (stopped) return;
          stop = startServiceWorker({
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
          });
        },
        (error: unknown) => console.warn('Service worker registration could not load', error),
      );
    const cancelIdle = whenIdle(() => void register(), IDLE_WAIT_MS);
    return () => {
      stopped = true;
      cancelIdle();
      stop?.();
    };
  }, [settled, toasts, onBackgroundSync]);
  return null;
}

/** The service worker as one replaceable part of the shell (no API for the areas). */
export function createServiceWorkerPart(options: { onBackgroundSync: () => void }): ShellPart<null> {
  return { api: null, Overlay: () => <ServiceWorker onBackgroundSync={options.onBackgroundSync} /> };
}
