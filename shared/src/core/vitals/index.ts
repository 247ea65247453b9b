export * from './vitals';
