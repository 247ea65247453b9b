export * from './dossier-archive';
export * from './zip-writer';
export * from './zip-reader';
export * from './save-stream';
