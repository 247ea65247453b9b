// Through the package specifier, not './contract': with Module Federation '@dossier/shared' and
// '@dossier/shared/contract' are shared modules, and one contract instance (one React context)
// must back both.
export * from '@dossier/shared/contract';
