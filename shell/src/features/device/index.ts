export { createDevice } from './create-device';
export { RemotePreloader } from './remote-preloader';
