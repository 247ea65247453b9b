export * from './analysis-settings-api';
