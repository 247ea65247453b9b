export * from './passkeys';
