export * from './app-config.js';
export * from './static-host.js';
export * from './free-port.js';
