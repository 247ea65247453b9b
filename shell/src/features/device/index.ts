export { createDevice } from './create-device';
export { RemotePreloader } from './remote-preloader';
export { usePageSettled, watchPageSettled } from './page-settled';
