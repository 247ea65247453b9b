export * from './query-client';
export * from './persisted-cache';
