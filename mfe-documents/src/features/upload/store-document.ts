import type { DocumentRecord, ExtractionStatus, NewDocument } from '../../api/documents';
import type { UploadProgress } from '../../api/storage';
import { buildStoragePath } from '../../lib/file-name';

/** The two writes of an upload and the one compensating action, injected so tests can fail each. */
export interface DocumentStore {
  putObject(path: string, body: Blob, options: { contentType: string; upsert: boolean; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal }): Promise<void>;
  insertRow(row: NewDocument): Promise<DocumentRecord>;
  getRow(id: string): Promise<DocumentRecord | null>;
  removeObject(path: string): Promise<void>;
  /** Renders and stores a preview image beside the file (a PDF's first page); best effort. */
  putThumbnail?(path: string, file: Blob, mimeType: string): Promise<void>;
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

/** An insert refused because the id exists: a replay whose first attempt did reach the database. */
function isAlreadyStored(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '23505';
}

/**
 * Object first, then row (docs/decisions/0021-upload-consistency.md):
 * - a failed or cancelled object upload throws before any row exists;
 * - a failed insert removes the object it just stored (compensation), then rethrows;
 * - a replay (`replay: true`) overwrites its own object and treats "row already there" as done,
 *   so running it twice never stores twice.
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
    throw error;
  }
  // After the row: a thumbnail is never the reason an upload fails, and the grid shows the type
  // placeholder until (or unless) it exists.
  await store.putThumbnail?.(path, file, doc.mimeType).catch(() => undefined);
  return stored;
}
