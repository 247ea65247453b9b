// The share feature's public surface (what other features may import).
export { ShareDialog } from './share-dialog';
