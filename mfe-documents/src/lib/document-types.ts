// The allow-list of uploads lives in shared/src/core/documents (the archive import checks it too).
export { ALLOWED_MIME_TYPES, DOCUMENT_TYPE_GROUPS, TYPE_GROUP_ORDER, isTypeGroup, typeGroupOf, typeLabel, type DocumentTypeGroup } from '@dossier/shared/core';
