export * from './consent';
export * from './consent-purposes';
export * from './consent-account';
