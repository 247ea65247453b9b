export * from './conflict-name';
