export { createPendingOperationQueue, PENDING_OPERATIONS_SYNC_TAG, type PendingOperationQueue } from './pending-operation-queue';
export { openOfflineDb, OFFLINE_DB_NAME, type SharedItem } from './offline-db';
export { createPendingOperations } from './shell-part';
