// `@dossier/registry`: the one registry of areas as data, without the contract's code. The shell's
// light landing reads the nav from it, under that name and not as `@dossier/shared/registry`: every
// `@dossier/shared/…` request is a shared module, and fetching one brings the contract's chunk.
export * from '../contract/registry';
