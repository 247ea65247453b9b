// `@dossier/shared/settings`: the environment's settings in one schema (Node and tools only).
export * from './settings';
