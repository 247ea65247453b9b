// The PWA feature's public surface: the service-worker client and the shell part that runs it.
export { postToWorker, startServiceWorker } from './service-worker-client';
export { createServiceWorkerPart, UPDATE_TOAST } from './service-worker-part';
