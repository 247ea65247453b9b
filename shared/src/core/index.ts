export * from './messages';
export * from './limits';
export * from './format';
export * from './errors';
export * from './resilience';
export * from './query';
export * from './consent';
export * from './vitals';
export * from './network';
export * from './device';
// Not the legal texts (~2.4 KB gzip): only the pages and dialogs that show them import
// '@dossier/shared/core/legal', so they are not in the code every page loads (issue 24).
export * from './folder-name';
export * from './portfolios';
export * from './format';
export * from './naming';
export * from './analysis-settings';
export * from './document-record';
export * from './content-hash';
export * from './passkeys';
export * from './bulk-report';
export * from './documents';
export * from './idle';
