export { OfflineBadge } from './offline-badge';
export { useOnlineStatus } from './use-online-status';
