export { Overlays } from './overlays';
