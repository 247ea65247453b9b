export * from './documents-door';
export * from './document-types';
export * from './search-documents';
