export * from './passkeys';
export * from './autofill';
