export * from './query-client';
export * from './persisted-cache';
export * from './recent-files';
