export * from './dossier-archive';
