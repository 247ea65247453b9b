export { createDevice } from './create-device';
