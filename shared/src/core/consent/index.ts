export * from './consent';
export * from './consent-purposes';
