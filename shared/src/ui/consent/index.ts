export * from './consent-fields';
