export * from './names';
export * from './conflict-name';
export * from './download-name';
export * from './thumbnail-path';
