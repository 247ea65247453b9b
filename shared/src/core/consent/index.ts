export * from './consent';
