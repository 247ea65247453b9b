import type { PendingOperationHandler } from '@dossier/shared';
import type { Extraction } from './extract-text';
import { storeDocument, type DocumentStore, type DocumentToStore } from './store-document';

export { DOCUMENT_UPLOAD_OPERATION } from './register-upload-replay';

/**
 * What the shell's pending-operation queue keeps for an upload. The queue stores payloads in
 * IndexedDB by structured clone, so the file's Blob survives a reload as it is.
 */
export interface DocumentUploadPayload {
  file: Blob;
  doc: DocumentToStore;
  /** False when the text could not be extracted before queueing (pdf.js not loadable offline). */
  extracted: boolean;
}

export function uploadPayload(file: Blob, doc: DocumentToStore): DocumentUploadPayload {
  return { file, doc, extracted: doc.extractionStatus === 'done' || doc.mimeType !== 'application/pdf' };
}

/**
 * Replays a queued upload: same document id, so the object key is the same and the row insert is
 * idempotent — running it twice (two tabs, a retry after a lost answer) never stores twice.
 * Throwing keeps the operation queued (the shell counts the retry).
 */
export function createUploadReplayHandler(deps: {
  store: DocumentStore;
  currentUserId: () => string | null;
  extract: (file: Blob, mimeType: string) => Promise<Extraction>;
  onStored?: () => void;
}): PendingOperationHandler<DocumentUploadPayload> {
  return async (operation) => {
    const { file, doc, extracted } = operation.payload;
    if (deps.currentUserId() !== doc.userId) {
      // Another person is signed in on this device: leave it for its owner.
      throw new Error('queued upload belongs to another user');
    }
    const extraction = extracted ? undefined : deps.extract(file, doc.mimeType);
    await storeDocument(deps.store, file, doc, { replay: true, extraction });
    deps.onStored?.();
  };
}
