// `@dossier/shared/registry`: the one registry of areas as data, without the contract's code (the
// shell's light landing reads the nav from it).
export * from '../contract/registry';
