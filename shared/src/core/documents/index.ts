export * from './documents-door';
export * from './document-types';
