// The security feature's public surface.
export { SecuritySection } from './security-section';
