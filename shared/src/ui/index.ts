export * from './spinner';
export * from './error-screen';
export * from './error-boundary';
export * from './application-error';
export * from './page';
export * from './legal';
export * from './lazy-widget';
export * from './design-system';
