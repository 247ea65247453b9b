export * from './fake-services';
export * from './standalone-harness';
