export * from './error-classes';
export * from './classify-error';
export * from './error-log';
export * from './wait-for-online';
export * from './drive-error';
export * from './read-result';
