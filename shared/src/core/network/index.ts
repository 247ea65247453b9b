export * from './network-strategy';
