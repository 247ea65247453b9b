import type { PageToWorkerMessage } from './sw-messages';

/**
 * Posts a SPEC §7 message to the worker that controls this page (if any). Its own module, apart
 * from the registration (service-worker-client.ts): the pending-operation queue posts from the
 * shell's first render, and workbox-window is not needed until after it (issue 24).
 */
export function postToWorker(message: PageToWorkerMessage): boolean {
  const controller = globalThis.navigator?.serviceWorker?.controller;
  if (!controller) return false;
  controller.postMessage(message);
  return true;
}
