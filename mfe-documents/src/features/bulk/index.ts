// The bulk feature's public surface (what other features may import).
export { BulkActionsBar } from './bulk-actions-bar';
