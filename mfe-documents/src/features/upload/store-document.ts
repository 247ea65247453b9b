import { isDriveOriginConflict, type DocumentRecord, type ExtractionStatus, type NewDocument } from '../../api/documents';
import type { UploadProgress } from '../../api/storage';
import { buildStoragePath } from '@dossier/shared/core';

/** The two writes of an upload and the one compensating action, injected so tests can fail each. */
export interface DocumentStore {
  putObject(path: string, body: Blob, options: { contentType: string; upsert: boolean; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal }): Promise<void>;
  insertRow(row: NewDocument): Promise<DocumentRecord>;
  getRow(id: string): Promise<DocumentRecord | null>;
  removeObject(path: string): Promise<void>;
  /** The person's live document from this Drive file (the one a simultaneous import stored first). */
  findByDriveFile?(userId: string, driveFileId: string): Promise<DocumentRecord | null>;
  /**
   * Renders and stores a preview image beside the file (a PDF's first page); best effort. Resolves
   * with the key it wrote, if it wrote one.
   */
  putThumbnail?(path: string, file: Blob, mimeType: string): Promise<string | undefined>;
}

export interface DocumentToStore {
  /** Chosen before anything is written, so a replay finds its own earlier attempt. */
  documentId: string;
  userId: string;
  name: string;
  mimeType: string;
  sha256: string;
  categoryId?: string | null;
  extractedText?: string | null;
  extractionStatus: ExtractionStatus;
  source?: NewDocument['source'];
  /** The Drive file it came from (a Drive import), written with the row. */
  driveOrigin?: { driveFileId: string; driveModifiedTime: string } | null;
}

/**
 * The file was imported from the same Drive file at the same moment elsewhere (another device or
 * tab) and that import stored first: this attempt's object is removed and nothing else is written.
 * Not a failure — the file is in the library as `existing` (ADR 0250).
 */
export class AlreadyImportedError extends Error {
  constructor(readonly existing: DocumentRecord) {
    super('already imported from Google Drive');
    this.name = 'AlreadyImportedError';
  }
}

/** An insert refused because the id exists: a replay whose first attempt did reach the database. */
function isAlreadyStored(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * Object first, then row (docs/decisions/0021-upload-consistency.md):
 * - a failed or cancelled object upload throws before any row exists;
 * - a failed insert removes the object it just stored (compensation), then rethrows;
 * - a replay (`replay: true`) overwrites its own object and treats "row already there" as done,
 *   so running it twice never stores twice;
 * - a Drive import refused because the same Drive file was stored meanwhile (two devices importing
 *   it at once) removes its object too and throws AlreadyImportedError with the stored document.
 */
export async function storeDocument(
  store: DocumentStore,
  file: Blob,
  doc: DocumentToStore,
  options: {
    replay?: boolean;
    onProgress?: (p: UploadProgress) => void;
    signal?: AbortSignal;
    /** Text extraction running alongside the upload; awaited before the row is written. */
    extraction?: Promise<{ status: ExtractionStatus; text: string | null }>;
  } = {},
): Promise<DocumentRecord> {
  const path = buildStoragePath(doc.userId, doc.documentId, doc.name);
  if (options.replay) {
    const existing = await store.getRow(doc.documentId);
    if (existing) return existing;
  }
  await store.putObject(path, file, {
    contentType: doc.mimeType,
    upsert: Boolean(options.replay),
    onProgress: options.onProgress,
    signal: options.signal,
  });
  // The thumbnail before the row (ADR 0498 §3): the row is what the library lists, and a listed
  // PDF signs its thumbnail's URL at once — written after the row, a just-uploaded PDF's was asked
  // for before it existed (a 404). Best effort: a thumbnail never fails an upload, and the grid
  // shows the type label without one.
  const thumbnail = await store.putThumbnail?.(path, file, doc.mimeType).catch(() => undefined);
  let stored: DocumentRecord;
  try {
    const extracted = options.extraction ? await options.extraction : { status: doc.extractionStatus, text: doc.extractedText ?? null };
    stored = await store.insertRow({
      id: doc.documentId,
      name: doc.name,
      storage_path: path,
      mime_type: doc.mimeType,
      size: file.size,
      sha256: doc.sha256,
      category_id: doc.categoryId ?? null,
      extracted_text: extracted.text,
      extraction_status: extracted.status,
      source: doc.source ?? 'upload',
      ...(doc.driveOrigin ? { drive_file_id: doc.driveOrigin.driveFileId, drive_modified_time: doc.driveOrigin.driveModifiedTime } : {}),
    });
  } catch (error) {
    if (options.replay && isAlreadyStored(error)) {
      const existing = await store.getRow(doc.documentId);
      if (existing) return existing;
    }
    // Compensation: no object without a row. If even this fails (offline), a replay overwrites
    // the same key, so nothing is duplicated.
    await store.removeObject(path).catch(() => undefined);
    if (thumbnail) await store.removeObject(thumbnail).catch(() => undefined);
    if (doc.driveOrigin && isDriveOriginConflict(error)) {
      // Found again by its Drive id; if it went in the meantime the original error stands (Retry imports it).
      const existing = await store.findByDriveFile?.(doc.userId, doc.driveOrigin.driveFileId).catch(() => null);
      if (existing) throw new AlreadyImportedError(existing);
    }
    throw error;
  }
  return stored;
}
