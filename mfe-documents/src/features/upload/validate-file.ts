// Upload validation lives in shared/src/file-check: the archive import runs the same checks.
export { looksLikeText, refusalMessage, validateFile, type ActualType, type FileVerdict, type RefusalReason } from '@dossier/shared/file-check';
