// The library's query lives in shared (the shell starts its first page beside this area's code;
// ADR 0425): one function and one key for both.
export { searchDocuments, searchKeys } from '@dossier/shared/core';
export type { DocumentPage, DocumentSearchHit, DocumentSort, SearchDocumentsParams } from '@dossier/shared/core';
