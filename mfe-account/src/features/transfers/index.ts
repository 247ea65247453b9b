export { default as TransfersPage } from './transfers-page';
export { describeTransfer } from './transfer-card';
