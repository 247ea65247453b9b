import { DriveError, USER_MESSAGES } from '@dossier/shared/core';
import { isNativeDocument, type DriveClient, type DriveFile } from '../../drive/drive-client';
import type { DriveOriginDocument } from '../../api/drive-documents';

export type ImportStatus = 'waiting' | 'downloading' | 'downloaded' | 'stored' | 'duplicate' | 'changed' | 'failed' | 'cancelled';

export interface ImportItem {
  file: DriveFile;
  status: ImportStatus;
  /** For duplicates: the document already imported from this Drive file. */
  existing?: DriveOriginDocument;
  /** Why it failed, for the person (SPEC §8 texts through DriveError). */
  reason?: string;
  /** The downloaded (or exported) file, ready for the documents upload. */
  download?: File;
  sha256?: string;
  /** "Update changed file": the document this new version replaces. */
  replaces?: string;
}

/** How many files download at once: enough to fill the line, bounded so memory stays flat. */
export const IMPORT_CONCURRENCY = 4;

export async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A Google document arrives as a PDF named after it. */
export function importedName(file: DriveFile): string {
  if (!isNativeDocument(file.mimeType)) return file.name;
  return /\.pdf$/i.test(file.name) ? file.name : `${file.name}.pdf`;
}

/** Sorts chosen files against what was imported before: new, unchanged duplicate, or changed in Drive. */
export function planImport(files: readonly DriveFile[], imported: readonly DriveOriginDocument[]): ImportItem[] {
  const byDriveId = new Map(imported.map((d) => [d.drive_file_id, d]));
  return files.map((file) => {
    const existing = byDriveId.get(file.id);
    if (!existing) return { file, status: 'waiting' };
    const changed = existing.drive_modified_time !== null && Date.parse(file.modifiedTime) > Date.parse(existing.drive_modified_time);
    return { file, status: changed ? 'changed' : 'duplicate', existing };
  });
}

export function failureReason(error: unknown): string {
  if (error instanceof DriveError) return `${error.title}: ${error.displayMessage}`;
  return USER_MESSAGES.default;
}

/**
 * Downloads (or exports to PDF) every waiting item with bounded concurrency; each file fails on
 * its own (a dropped connection retries that file only, through the client's download policy).
 */
export async function downloadAll(
  client: DriveClient,
  items: ImportItem[],
  update: (index: number, patch: Partial<ImportItem>) => void,
  signal: AbortSignal,
  concurrency = IMPORT_CONCURRENCY,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item.status !== 'waiting') continue;
      if (signal.aborted) {
        update(index, { status: 'cancelled' });
        continue;
      }
      update(index, { status: 'downloading' });
      try {
        const native = isNativeDocument(item.file.mimeType);
        const blob = native ? await client.exportPdf(item.file.id, item.file.name, signal) : await client.download(item.file.id, item.file.name, signal);
        const type = native ? 'application/pdf' : item.file.mimeType || blob.type || 'application/octet-stream';
        const download = new File([blob], importedName(item.file), { type, lastModified: Date.parse(item.file.modifiedTime) || Date.now() });
        update(index, { status: 'downloaded', download, sha256: await sha256Hex(download) });
      } catch (error) {
        update(index, signal.aborted ? { status: 'cancelled' } : { status: 'failed', reason: failureReason(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}
