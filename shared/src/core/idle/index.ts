export * from './after-idle';
