import { conflictFreeName, isNetworkFailure } from '@dossier/shared/core';
import type { DocumentRecord, DuplicateMatch } from '../../api/documents';
import { UploadCancelledError } from '../../api/storage';
import { sanitiseFileName } from '@dossier/shared/core';
import type { Extraction } from './extract-text';
import { AlreadyImportedError, type DocumentToStore } from './store-document';
import type { FileVerdict } from './validate-file';

export type UploadStatus =
  | 'checking'
  | 'refused'
  | 'duplicate'
  | 'waiting'
  | 'uploading'
  | 'saving'
  | 'done'
  | 'failed'
  | 'cancelled'
  | 'queued-offline'
  | 'skipped';

export interface UploadItem {
  key: string;
  documentId: string;
  name: string;
  size: number;
  status: UploadStatus;
  /**
   * The files added together: a batch starts with a file added while none of the page's uploads
   * is running (or waiting for the person), and takes every file added until they have all ended.
   * The summary under the list is about the latest batch.
   */
  batch: number;
  /** bytes sent */
  loaded: number;
  /** Why it was refused or failed, or what to know about a stored file — plain text. */
  message?: string;
  duplicates?: DuplicateMatch[];
  document?: DocumentRecord;
}

export interface UploadSnapshot {
  items: readonly UploadItem[];
  /** Bytes sent and to send over the files that are (or will be) uploaded. */
  overall: { loaded: number; total: number };
  active: boolean;
}

export interface UploadManagerDeps {
  userId: string;
  validate(file: File): Promise<FileVerdict>;
  hash(file: Blob): Promise<string>;
  findDuplicates(sha256: string): Promise<DuplicateMatch[]>;
  /**
   * Duplicates looked up before the upload began (a Drive import's checksums, ADR 0255): the answer
   * for this hash, or undefined to ask findDuplicates. Saves one request per file.
   */
  knownDuplicates?(sha256: string): readonly DuplicateMatch[] | undefined;
  /** Names of the person's documents that could clash with `name` (for "Keep both"). */
  takenNames?(name: string): Promise<string[]>;
  extract(file: Blob, mimeType: string): Promise<Extraction>;
  store(
    file: Blob,
    doc: DocumentToStore,
    options: { onProgress: (p: { loaded: number; total: number }) => void; signal: AbortSignal; extraction: Promise<Extraction> },
  ): Promise<DocumentRecord>;
  /** Puts the upload in the shell's pending-operation queue (offline, or cut off). */
  queueOffline(file: Blob, doc: DocumentToStore): Promise<void>;
  isOnline(): boolean;
  /** SPEC §8 user message for a failure (the shell's classifier); never the raw error. */
  describeError(error: unknown): string;
  newId(): string;
  categoryId?: () => string | null;
  /** 'share' for files shared from the device (the /share-handler page). */
  source?: DocumentToStore['source'];
  /** A file now in the library, and the document it became. */
  onStored?(document: DocumentRecord, file: File): void;
  /**
   * A Drive import's file that another device or tab stored first (same Drive file, same moment):
   * skipped, with the document already in the library (ADR 0250).
   */
  onAlreadyImported?(document: DocumentRecord, file: File): void;
  /**
   * A file that ended without being stored (refused, failed, skipped by the person, cancelled)
   * and why: a caller that reports on its own (a Drive import) counts it as what it is, not as
   * still on its way (issue 21 §4). Not called for onAlreadyImported's files.
   */
  onNotStored?(file: File, outcome: { status: NotStoredStatus; message?: string }): void;
  /** The origin to write with a file's row (an import's Drive file), if any. */
  driveOrigin?(file: File): DocumentToStore['driveOrigin'];
  onQueued?(): void;
  /** Uploads at once (default 2: enough to fill the line without starving the page). */
  concurrency?: number;
}

interface Pending {
  file: File;
  mimeType: string;
  sha256: string;
  controller: AbortController;
  decide?: (keep: boolean) => void;
}

/** How a file can end without being stored. */
export type NotStoredStatus = 'refused' | 'failed' | 'skipped' | 'cancelled';
const NOT_STORED = new Set<UploadStatus>(['refused', 'failed', 'skipped', 'cancelled']);

const IN_FLIGHT = new Set<UploadStatus>(['checking', 'waiting', 'uploading', 'saving']);

export const ALREADY_IMPORTED_MESSAGE = 'Skipped: already imported from Google Drive (on another device or tab).';

export const QUEUED_OFFLINE_MESSAGE = 'Saved on this device; it will be uploaded when you are back online.';

/**
 * The uploads of one page: validation by content, duplicate check, upload with progress,
 * cancel, and the offline fallback. A plain store (subscribe / getSnapshot) so React reads it with
 * useSyncExternalStore and tests drive it without a DOM.
 */
export class UploadManager {
  private items: UploadItem[] = [];
  private pending = new Map<string, Pending>();
  /** Each row's file, to tell onNotStored which one ended unstored. */
  private files = new Map<string, File>();
  private listeners = new Set<() => void>();
  private snapshot: UploadSnapshot = { items: [], overall: { loaded: 0, total: 0 }, active: false };
  private running = 0;
  private waiting: string[] = [];
  private counter = 0;
  private batch = 0;

  constructor(private readonly deps: UploadManagerDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): UploadSnapshot => this.snapshot;

  /** Adds files from the picker, a drop or a paste; resolves when each is checked. */
  async add(files: Iterable<File>): Promise<void> {
    await Promise.all(Array.from(files, (file) => this.check(file)));
  }

  /**
   * Files this manager holds and is working on: being checked, waiting for a slot, uploading or
   * saving. A duplicate waiting for the person's answer is not counted: it waits on them, not on
   * the line, and must not hold back the files behind it.
   */
  inFlight(): number {
    return this.items.filter((item) => IN_FLIGHT.has(item.status)).length;
  }

  /** Resolves once fewer than `limit` files are in flight (at once when that is already so). */
  whenBelow(limit: number): Promise<void> {
    if (this.inFlight() < limit) return Promise.resolve();
    return new Promise((resolve) => {
      const stop = this.subscribe(() => {
        if (this.inFlight() >= limit) return;
        stop();
        resolve();
      });
    });
  }

  /** The person's answer for a duplicate: keep a second copy, or skip this file. */
  resolveDuplicate(key: string, keep: boolean): void {
    this.pending.get(key)?.decide?.(keep);
  }

  cancel(key: string): void {
    const item = this.find(key);
    if (!item) return;
    const pending = this.pending.get(key);
    if (item.status === 'waiting' || item.status === 'duplicate' || item.status === 'checking') {
      this.waiting = this.waiting.filter((k) => k !== key);
      pending?.decide?.(false);
      this.pending.delete(key);
      this.update(key, { status: 'cancelled', message: undefined });
      return;
    }
    pending?.controller.abort();
  }

  cancelAll(): void {
    for (const item of this.items) this.cancel(item.key);
  }

  /**
   * A row queued offline follows the queue (issue 21 §1): when the queue has stored its document
   * it says Uploaded; when the person dropped it from the queue (a duplicate they chose not to
   * upload) it says Skipped — never "Queued until online" after the fact.
   */
  settleQueued(documentId: string, outcome: 'stored' | 'dropped'): void {
    const item = this.items.find((candidate) => candidate.documentId === documentId && candidate.status === 'queued-offline');
    if (!item) return;
    if (outcome === 'stored') this.update(item.key, { status: 'done', loaded: item.size, message: undefined });
    else this.update(item.key, { status: 'skipped', message: 'Not uploaded: removed from the queue.' });
  }

  /** The document ids of the rows still waiting in the offline queue. */
  queuedDocumentIds(): string[] {
    return this.items.filter((item) => item.status === 'queued-offline').map((item) => item.documentId);
  }

  /** Forgets finished rows (done, refused, cancelled, skipped, queued). */
  clearFinished(): void {
    this.items = this.items.filter((item) => this.pending.has(item.key));
    this.emit();
  }

  private async check(file: File): Promise<void> {
    this.counter += 1;
    const key = `upload-${this.counter}`;
    if (!this.snapshot.active) this.batch += 1;
    const item: UploadItem = { key, documentId: this.deps.newId(), name: sanitiseFileName(file.name), size: file.size, status: 'checking', batch: this.batch, loaded: 0 };
    this.items = [...this.items, item];
    this.files.set(key, file);
    this.emit();

    let verdict: FileVerdict;
    let sha256: string;
    try {
      verdict = await this.deps.validate(file);
      sha256 = verdict.ok ? await this.deps.hash(file) : '';
    } catch (error) {
      // The checks could not run (the file became unreadable, code missing in a tab opened
      // offline): say so instead of "Checking…" for ever.
      this.update(key, { status: 'failed', message: this.deps.describeError(error) });
      return;
    }
    if (!verdict.ok) {
      this.update(key, { status: 'refused', message: verdict.message });
      return;
    }
    const pending: Pending = { file, mimeType: verdict.mimeType, sha256, controller: new AbortController() };
    this.pending.set(key, pending);

    if (this.deps.isOnline()) {
      let duplicates: DuplicateMatch[] = [];
      try {
        duplicates = [...(this.deps.knownDuplicates?.(sha256) ?? (await this.deps.findDuplicates(sha256)))];
      } catch {
        // The check is a courtesy; the upload itself reports real failures.
        duplicates = [];
      }
      if (this.find(key)?.status === 'cancelled') return;
      if (duplicates.length > 0) {
        const keep = await new Promise<boolean>((resolve) => {
          pending.decide = resolve;
          this.update(key, { status: 'duplicate', duplicates });
        });
        pending.decide = undefined;
        if (this.find(key)?.status === 'cancelled') return;
        if (!keep) {
          this.pending.delete(key);
          this.update(key, { status: 'skipped', duplicates: undefined, message: 'Skipped: you already have this file.' });
          return;
        }
        // "Keep both": the second copy gets ' (1)' (SPEC §5 name conflicts), never the same name.
        const item = this.find(key);
        if (item) {
          const taken = new Set(duplicates.map((d) => d.name));
          try {
            for (const name of (await this.deps.takenNames?.(item.name)) ?? []) taken.add(name);
          } catch {
            // The duplicates' own names are still avoided.
          }
          if (taken.has(item.name)) this.update(key, { name: conflictFreeName(item.name, (candidate) => taken.has(candidate)) });
        }
      }
    }
    this.update(key, { status: 'waiting', duplicates: undefined });
    this.waiting.push(key);
    this.pump();
  }

  private pump(): void {
    const limit = this.deps.concurrency ?? 2;
    while (this.running < limit && this.waiting.length > 0) {
      const key = this.waiting.shift()!;
      this.running += 1;
      void this.upload(key).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async upload(key: string): Promise<void> {
    const pending = this.pending.get(key);
    const item = this.find(key);
    if (!pending || !item) return;
    const doc: DocumentToStore = {
      documentId: item.documentId,
      userId: this.deps.userId,
      name: item.name,
      mimeType: pending.mimeType,
      sha256: pending.sha256,
      categoryId: this.deps.categoryId?.() ?? null,
      extractionStatus: 'none',
      source: this.deps.source ?? 'upload',
      driveOrigin: this.deps.driveOrigin?.(pending.file) ?? null,
    };
    if (!this.deps.isOnline()) {
      await this.queue(key, pending, doc);
      return;
    }
    this.update(key, { status: 'uploading' });
    const extraction = this.deps.extract(pending.file, pending.mimeType);
    try {
      const document = await this.deps.store(pending.file, doc, {
        signal: pending.controller.signal,
        extraction,
        onProgress: ({ loaded }) => {
          this.update(key, { loaded, status: loaded >= item.size ? 'saving' : 'uploading' });
        },
      });
      this.pending.delete(key);
      const notice = (await extraction).status;
      this.update(key, {
        status: 'done',
        loaded: item.size,
        document,
        message:
          notice === 'encrypted'
            ? 'Stored. This PDF is password-protected, so its text is not searchable.'
            : notice === 'failed'
              ? 'Stored. The text of this PDF could not be read, so it is found by name, notes and tags only.'
              : undefined,
      });
      this.deps.onStored?.(document, pending.file);
    } catch (error) {
      if (error instanceof UploadCancelledError) {
        this.pending.delete(key);
        this.update(key, { status: 'cancelled', loaded: 0 });
      } else if (error instanceof AlreadyImportedError) {
        this.pending.delete(key);
        this.files.delete(key);
        this.update(key, { status: 'skipped', loaded: 0, document: error.existing, message: ALREADY_IMPORTED_MESSAGE });
        this.deps.onAlreadyImported?.(error.existing, pending.file);
      } else if (isNetworkFailure(error)) {
        // Cut off mid-way: the same document id is queued, so the replay overwrites this attempt.
        const extracted = await extraction;
        await this.queue(key, pending, { ...doc, extractedText: extracted.text, extractionStatus: extracted.status });
      } else {
        this.pending.delete(key);
        this.update(key, { status: 'failed', loaded: 0, message: this.deps.describeError(error) });
      }
    }
  }

  private async queue(key: string, pending: Pending, doc: DocumentToStore): Promise<void> {
    try {
      await this.deps.queueOffline(pending.file, doc);
      this.pending.delete(key);
      this.update(key, { status: 'queued-offline', message: QUEUED_OFFLINE_MESSAGE });
      this.deps.onQueued?.();
    } catch (error) {
      this.pending.delete(key);
      this.update(key, { status: 'failed', message: this.deps.describeError(error) });
    }
  }

  private find(key: string): UploadItem | undefined {
    return this.items.find((item) => item.key === key);
  }

  private update(key: string, changes: Partial<UploadItem>): void {
    this.items = this.items.map((item) => (item.key === key ? { ...item, ...changes } : item));
    this.emit();
    // Every way a file can end unstored passes here, so none is left out of the caller's count.
    const file = this.files.get(key);
    if (changes.status && file && NOT_STORED.has(changes.status)) {
      this.files.delete(key);
      this.deps.onNotStored?.(file, { status: changes.status as NotStoredStatus, message: this.find(key)?.message });
    } else if (changes.status === 'done' || changes.status === 'queued-offline') this.files.delete(key);
  }

  private emit(): void {
    let loaded = 0;
    let total = 0;
    let active = false;
    for (const item of this.items) {
      // The bar, like the summary under it, is about the files just added: 2 files and then 44
      // start the bar at 0 of the 44's size, not at 2 files' worth already done. A file still
      // being checked counts from the start ("0 bytes of 45 KB", not "0 bytes of 0 bytes").
      if (item.batch === this.batch && ['checking', 'waiting', 'uploading', 'saving', 'done'].includes(item.status)) {
        loaded += item.status === 'done' ? item.size : item.loaded;
        total += item.size;
      }
      if (['checking', 'duplicate', 'waiting', 'uploading', 'saving'].includes(item.status)) active = true;
    }
    this.snapshot = { items: this.items, overall: { loaded, total }, active };
    for (const listener of this.listeners) listener();
  }
}
