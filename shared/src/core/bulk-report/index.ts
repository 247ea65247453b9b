export * from './bulk-report';
export * from './plan-room-api';
