// `@dossier/idle`, not '@dossier/shared/core': the visitor's light landing runs this file, and the
// shared module would fetch the whole dossier-shared chunk on `/` (ADR 0498).
import { afterIdle } from '@dossier/idle';
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

/** Resolves once the window's load event has fired (at once if it has). */
export function windowLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** How long, after the load event, Workbox waits for an idle moment before it is fetched anyway. */
const WORKBOX_IDLE_MS = 2_000;

/**
 * Resolves once the window has loaded and then the browser is idle. Since the shell's boot is
 * hinted by index.html (ADR 0493), a fast link fires `load` just before the first rows are drawn;
 * the idle moment puts Workbox after them.
 */
export function windowLoadedAndIdle(): Promise<void> {
  return windowLoaded().then(() => new Promise<void>((resolve) => void afterIdle(resolve, WORKBOX_IDLE_MS)));
}

/**
 * Registers /sw.js (production builds only: a worker caching a dev server's files would serve
 * stale code while editing) and connects SPEC §7's messages. Returns a stop function.
 *
 * workbox-window is fetched once the window has loaded and the browser is idle (issue 24): Workbox
 * registers the worker only after the load event anyway (web.dev "Service worker registration"),
 * so its 2 KB gzip no longer travels before a phone's first rows. Messages are heard from the start.
 */
export function startServiceWorker(
  callbacks: ServiceWorkerCallbacks,
  { enabled = process.env.NODE_ENV === 'production', loadWorkbox = () => import('workbox-window'), loaded = windowLoadedAndIdle } = {},
): () => void {
  const container = globalThis.navigator?.serviceWorker;
  if (!enabled || !container) return () => undefined;

  const onMessage = (event: MessageEvent) => {
    if (!isWorkerMessage(event.data)) return;
    if (event.data.type === 'SW_UPDATE_AVAILABLE') offerUpdate();
    else callbacks.onMessage(event.data);
  };
  container.addEventListener('message', onMessage);
  container.startMessages();

  let stopped = false;
  const workbox = loaded()
    .then(loadWorkbox)
    .then(({ Workbox }) => {
      const wb = new Workbox('/sw.js');
      wb.addEventListener('waiting', offerUpdate);
      // The load event has fired: register now rather than wait for one that will not come again.
      if (!stopped) wb.register({ immediate: true }).catch((error: unknown) => console.warn('Service worker registration failed', error));
      return wb;
    });
  // Workbox's code did not come (a connection cut on the first visit): register with the platform
  // alone, so this visit still installs the worker that makes the app work offline.
  workbox.catch(() => {
    if (!stopped) container.register('/sw.js').catch((error: unknown) => console.warn('Service worker registration failed', error));
  });

  let offered = false;
  function offerUpdate() {
    if (offered) return;
    offered = true;
    callbacks.onUpdateAvailable(() => {
      workbox.then(
        (wb) => {
          // Reload once the new worker has taken over, so the page and its worker match.
          wb.addEventListener('controlling', () => window.location.reload());
          wb.messageSkipWaiting();
        },
        () => undefined,
      );
    });
  }

  return () => {
    stopped = true;
    container.removeEventListener('message', onMessage);
  };
}
