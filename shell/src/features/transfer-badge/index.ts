export { TransferBadge, useIncomingTransfers } from './transfer-badge';
