export * from './documents-door';
