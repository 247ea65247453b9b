export * from './portfolios-api';
