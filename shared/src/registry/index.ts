// `@dossier/registry`: what the shell's main.ts and light landing read before any shared module is
// negotiated, as data and pure functions without the contract's code: the one registry of areas
// (the landing's nav, the area an address names) and the library's unfiltered first page (the
// request main.ts starts early, ADR 0483). Under this name and not as `@dossier/shared/…`: every
// `@dossier/shared/…` request is a shared module, and fetching one brings the contract's chunk.
export * from '../contract/registry';
export { LIBRARY_DEFAULT_PARAMS, LIBRARY_PAGE_SIZE, isUnfilteredLibrary, searchDocumentsArgs } from '../core/documents/library-address';
