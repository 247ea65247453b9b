import { DriveError, USER_MESSAGES, bulkReport, sha256Hex, type BulkOutcome, type BulkReport, type DriveOriginDocument } from '@dossier/shared/core';
import { isNativeDocument, type DriveClient, type DriveFile } from '../../drive/drive-client';

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
  /** Another device or tab updated this file from Drive first; `existing` is what it stored (ADR 0256). */
  updatedElsewhere?: boolean;
  /** A failure no retry can mend (the file is empty in Drive): not offered for Retry. */
  final?: boolean;
}

/** How many files download at once: enough to fill the line, bounded so memory stays flat. */
export const IMPORT_CONCURRENCY = 4;

/**
 * Downloaded files the import holds at most before the upload has taken them (downloading ones
 * included): a download starts only when one of these slots is free (ADR 0235).
 */
export const IMPORT_WINDOW = 4;

/**
 * The contents the plan's new files are expected to have (Drive's sha256Checksum): the documents
 * upload looks up their duplicates at once, before anything downloads (ADR 0255). Exported Google
 * documents have none; files already imported or changed are not downloaded, so not asked about.
 */
export function expectedChecksums(plan: readonly ImportItem[]): string[] {
  return plan.flatMap((it) => (it.status === 'waiting' && it.file.sha256Checksum ? [it.file.sha256Checksum] : []));
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

/**
 * The file was stored by another device or tab importing the same Drive file at the same moment
 * (the database refused the second document): it ends exactly as the up-front check would have left
 * it — skipped as already imported, with that document — and is not a failure (ADR 0250).
 */
export function alreadyImported(item: ImportItem, document: { id: string; name: string }): Partial<ImportItem> {
  return { status: 'duplicate', reason: undefined, existing: { id: document.id, name: document.name, drive_file_id: item.file.id, drive_modified_time: item.file.modifiedTime } };
}

/**
 * "Update from Drive" found the file already updated by another device or tab: this device's new
 * version was removed (ADR 0256), and the file ends skipped — already in the library as the version
 * the other device stored, linked — not imported, not updated here, and not a failure.
 */
export function alreadyUpdated(item: ImportItem, document: { id: string; name: string }): Partial<ImportItem> {
  return { ...alreadyImported(item, document), replaces: undefined, updatedElsewhere: true };
}

/** The import's summary: what was imported, updated, skipped as already imported (changed ones too), and what failed. */
export function importSummary(items: readonly ImportItem[]) {
  return {
    imported: items.filter((it) => it.status === 'stored' && !it.replaces),
    updated: items.filter((it) => it.status === 'stored' && it.replaces),
    duplicates: items.filter((it) => it.status === 'duplicate' || it.status === 'changed'),
    changed: items.filter((it) => it.status === 'changed'),
    failed: items.filter((it) => it.status === 'failed' || it.status === 'cancelled'),
    retryable: items.filter((it) => (it.status === 'failed' || it.status === 'cancelled') && !it.final),
  };
}

/** Why a file the person cancelled is not in Dossier. */
export const CANCELLED_REASON = 'Cancelled before it was imported.';

/**
 * What happened to one file, for the summary: a file counts only once it has settled, and a file
 * the upload refused (the plan's limit) is a failure with the upload's reason — not "Downloaded".
 */
export function importOutcome(item: ImportItem): BulkOutcome {
  switch (item.status) {
    case 'stored':
      return item.replaces ? { state: 'done', as: 'Updated' } : { state: 'done' };
    case 'duplicate':
    case 'changed':
      return { state: 'skipped', reason: item.reason };
    case 'failed':
      return { state: 'failed', reason: item.reason ?? USER_MESSAGES.default };
    case 'cancelled':
      return { state: 'failed', reason: item.reason ?? CANCELLED_REASON };
    default:
      return { state: 'pending' };
  }
}

/** The import's counts and summary line ("Imported 3 · Skipped 1 already imported · Failed 0"), from the shared bulk report. */
export function importReport(items: readonly ImportItem[]): BulkReport {
  return bulkReport(items.map(importOutcome), { done: 'Imported', skipped: 'already imported', unit: 'file' });
}

/**
 * The upload ended a handed-over file without storing it: refused or failed (the plan's limit, its
 * type), skipped by the person as a copy of a document they have, or cancelled. The item ends as
 * that, with the upload's words, so the summary counts it (issue 21 §4).
 */
export function notStored(outcome: { status: 'refused' | 'failed' | 'skipped' | 'cancelled'; message?: string }): Partial<ImportItem> {
  if (outcome.status === 'skipped') return { status: 'duplicate', reason: outcome.message };
  if (outcome.status === 'cancelled') return { status: 'cancelled', reason: outcome.message };
  return { status: 'failed', reason: outcome.message ?? USER_MESSAGES.default };
}

export function failureReason(error: unknown): string {
  if (error instanceof DriveError) return `${error.title}: ${error.displayMessage}`;
  return USER_MESSAGES.default;
}

/** Why a file Drive lists as 0 bytes is not imported, in the words a local upload of an empty file gets. */
export const emptyInDrive = (name: string) => `“${name}” was not imported: the file is empty in Google Drive.`;

/** Downloads (or exports to PDF) one item and hashes it; a failure is the item's own. */
async function downloadOne(client: DriveClient, item: ImportItem, signal: AbortSignal): Promise<Partial<ImportItem>> {
  const native = isNativeDocument(item.file.mimeType);
  // Drive says the file has no bytes (a Google document has no size; it is exported): the download
  // would only be retried for 7 s (SPEC §9's empty-file waits, meant for a download that comes back
  // empty by mistake) and then fail as "still empty", and Retry would do the same again.
  if (!native && item.file.size === '0') return { status: 'failed', reason: emptyInDrive(item.file.name), final: true };
  try {
    const blob = native ? await client.exportPdf(item.file.id, item.file.name, signal) : await client.download(item.file.id, item.file.name, signal);
    const type = native ? 'application/pdf' : item.file.mimeType || blob.type || 'application/octet-stream';
    const download = new File([blob], importedName(item.file), { type, lastModified: Date.parse(item.file.modifiedTime) || Date.now() });
    return { status: 'downloaded', download, sha256: await sha256Hex(download) };
  } catch (error) {
    return signal.aborted ? { status: 'cancelled' } : { status: 'failed', reason: failureReason(error) };
  }
}

/**
 * The import as a pipeline (ADR 0235): downloads every waiting item with `concurrency` at once and
 * hands each file on, as soon as it is downloaded, through the async iterable it returns (the
 * documents upload pulls from it). At most `window` files are downloading or downloaded and not
 * yet pulled: a download waits for a free slot, so a slow upload holds the downloads back and
 * memory stays flat however many files are chosen. A pulled file leaves the item (`download` is
 * cleared; its sha256 stays, to recognise the stored document).
 *
 * Each file fails on its own (a dropped connection retries that file only, through the client's
 * download policy). When `signal` aborts, waiting items become 'cancelled' and the iterable ends
 * after the files already downloaded. Ending the iteration early (return()) stops new downloads.
 */
export function downloadFeed(
  client: DriveClient,
  items: readonly ImportItem[],
  update: (index: number, patch: Partial<ImportItem>) => void,
  signal: AbortSignal,
  { concurrency = IMPORT_CONCURRENCY, window = Math.max(IMPORT_WINDOW, concurrency) }: { concurrency?: number; window?: number } = {},
): AsyncIterableIterator<File> {
  const ready: Array<{ index: number; file: File }> = [];
  const pullers: Array<(result: IteratorResult<File>) => void> = [];
  const slotWaiters: Array<(slot: boolean) => void> = [];
  let free = window;
  let finished = false;
  let stopped = false;
  let next = 0;

  /** A free slot (true), or false once the import is cancelled or the reader has gone. */
  const acquire = (): Promise<boolean> => {
    if (signal.aborted || stopped) return Promise.resolve(false);
    if (free > 0) {
      free -= 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => slotWaiters.push(resolve));
  };
  const release = () => {
    const waiter = slotWaiters.shift();
    if (waiter) waiter(true);
    else free += 1;
  };
  const wakeAll = () => {
    for (const waiter of slotWaiters.splice(0)) waiter(false);
  };
  signal.addEventListener('abort', wakeAll, { once: true });
  const deliver = () => {
    while (pullers.length > 0 && ready.length > 0) {
      const { index, file } = ready.shift()!;
      update(index, { download: undefined });
      release();
      pullers.shift()!({ value: file, done: false });
    }
    if (finished && ready.length === 0) for (const puller of pullers.splice(0)) puller({ value: undefined, done: true });
  };

  const worker = async () => {
    while (next < items.length && !stopped) {
      const index = next++;
      if (items[index].status !== 'waiting') continue;
      if (!(await acquire())) {
        update(index, { status: 'cancelled' });
        continue;
      }
      update(index, { status: 'downloading' });
      const patch = await downloadOne(client, items[index], signal);
      update(index, patch);
      if (patch.status === 'downloaded' && patch.download && !stopped) {
        ready.push({ index, file: patch.download });
        deliver();
      } else release();
    }
  };
  const waiting = items.filter((item) => item.status === 'waiting').length;
  void Promise.all(Array.from({ length: Math.min(concurrency, waiting) }, worker)).then(() => {
    finished = true;
    signal.removeEventListener('abort', wakeAll);
    deliver();
  });

  const iterator: AsyncIterableIterator<File> = {
    next: () =>
      new Promise<IteratorResult<File>>((resolve) => {
        pullers.push(resolve);
        deliver();
      }),
    return: async () => {
      stopped = true;
      wakeAll();
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]: () => iterator,
  };
  return iterator;
}
