export * from './fake-services';
export * from './standalone-harness';
export * from './jsdom-layout';
export * from './registry-drift';
