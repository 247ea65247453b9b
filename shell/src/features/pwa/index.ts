// The PWA feature's public surface: posting to the worker, and the shell part that registers it
// (which fetches workbox-window only after the first render: service-worker-part.tsx).
export { postToWorker } from './post-to-worker';
export { createServiceWorkerPart, UPDATE_TOAST } from './service-worker-part';
