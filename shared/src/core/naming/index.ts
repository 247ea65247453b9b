export * from './names';
export * from './conflict-name';
export * from './download-name';
