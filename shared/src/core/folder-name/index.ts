export * from './folder-name';
