// The connection feature's public surface (what other features may import).
export { useConnect } from './use-connect';
