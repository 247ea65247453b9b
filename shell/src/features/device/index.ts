export { createDevice } from './create-device';
export { RemotePreloader } from './remote-preloader';
export { afterIdle, usePageSettled, watchPageSettled } from './page-settled';
