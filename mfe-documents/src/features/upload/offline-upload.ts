import type { PendingOperationHandler } from '@dossier/shared';
import type { DuplicateMatch } from '../../api/documents';
import type { Extraction } from './extract-text';
import { AlreadyImportedError, storeDocument, type DocumentStore, type DocumentToStore } from './store-document';

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
  /** The person chose "Keep both" after the replay found the same file in their library. */
  duplicateDecision?: 'keep-both';
}

/**
 * A queued upload whose file the person already has: it stays queued, unsent, until they choose
 * "Keep both" or "Don't upload" in the library (the duplicate check an online upload runs).
 */
export class DuplicateAwaitingDecisionError extends Error {
  constructor(readonly duplicates: DuplicateMatch[]) {
    super('queued upload waits for a duplicate decision');
    this.name = 'DuplicateAwaitingDecisionError';
  }
}

/** The documents, other than the upload's own (an earlier attempt of it), with the same content. */
export async function duplicatesOf(payload: DocumentUploadPayload, findDuplicates: (sha256: string) => Promise<DuplicateMatch[]>): Promise<DuplicateMatch[]> {
  if (payload.duplicateDecision === 'keep-both' || !payload.doc.sha256) return [];
  return (await findDuplicates(payload.doc.sha256)).filter((match) => match.id !== payload.doc.documentId);
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
  /** The duplicate check an online upload runs; a match keeps the upload queued for a decision. */
  findDuplicates?: (sha256: string) => Promise<DuplicateMatch[]>;
  /**
   * Told when the replay found the same file and keeps the upload for a decision. The list shows
   * the question from this answer: its own check may have been answered from the offline cache
   * at the moment of reconnecting ("no duplicate"), and would then say "Sending…" for ever.
   */
  onAwaitingDecision?: (operationId: string, duplicates: DuplicateMatch[]) => void;
  onStored?: (documentId: string) => void;
}): PendingOperationHandler<DocumentUploadPayload> {
  return async (operation) => {
    const { file, doc, extracted } = operation.payload;
    if (deps.currentUserId() !== doc.userId) {
      // Another person is signed in on this device: leave it for its owner.
      throw new Error('queued upload belongs to another user');
    }
    if (deps.findDuplicates) {
      const duplicates = await duplicatesOf(operation.payload, deps.findDuplicates);
      if (duplicates.length > 0) {
        deps.onAwaitingDecision?.(operation.id, duplicates);
        throw new DuplicateAwaitingDecisionError(duplicates);
      }
    }
    const extraction = extracted ? undefined : deps.extract(file, doc.mimeType);
    try {
      await storeDocument(deps.store, file, doc, { replay: true, extraction });
    } catch (error) {
      // Another device imported the same Drive file meanwhile: it is in the library, so this
      // queued copy is done (its object was removed), not retried for ever (ADR 0250).
      if (error instanceof AlreadyImportedError) return;
      throw error;
    }
    deps.onStored?.(doc.documentId);
  };
}
