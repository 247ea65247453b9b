import { Workbox } from 'workbox-window';
import { isWorkerMessage, type PageToWorkerMessage, type WorkerToPageMessage } from './sw-messages';

export interface ServiceWorkerCallbacks {
  /** A new worker is installed and waiting: offer "Update available — reload". */
  onUpdateAvailable(activate: () => void): void;
  onMessage(message: WorkerToPageMessage): void;
}

/** Posts a SPEC §7 message to the worker that controls this page (if any). */
export function postToWorker(message: PageToWorkerMessage): boolean {
  const controller = globalThis.navigator?.serviceWorker?.controller;
  if (!controller) return false;
  controller.postMessage(message);
  return true;
}

/**
 * Registers /sw.js (production builds only: a worker caching a dev server's files would serve
 * stale code while editing) and connects SPEC §7's messages. Returns a stop function.
 */
export function startServiceWorker(callbacks: ServiceWorkerCallbacks, { enabled = process.env.NODE_ENV === 'production' } = {}): () => void {
  const container = globalThis.navigator?.serviceWorker;
  if (!enabled || !container) return () => undefined;

  const onMessage = (event: MessageEvent) => {
    if (!isWorkerMessage(event.data)) return;
    if (event.data.type === 'SW_UPDATE_AVAILABLE') offerUpdate();
    else callbacks.onMessage(event.data);
  };
  container.addEventListener('message', onMessage);
  container.startMessages();

  const wb = new Workbox('/sw.js');
  let offered = false;
  const offerUpdate = () => {
    if (offered) return;
    offered = true;
    callbacks.onUpdateAvailable(() => {
      // Reload once the new worker has taken over, so the page and its worker match.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  };
  wb.addEventListener('waiting', offerUpdate);
  wb.register().catch((error: unknown) => console.warn('Service worker registration failed', error));

  return () => container.removeEventListener('message', onMessage);
}
