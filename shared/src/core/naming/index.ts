export * from './file-name';
export * from './conflict-name';
export * from './download-name';
export * from './thumbnail-path';
