/**
 * The documents waiting to be analysed on this device, one at a time (issue 15 §1). New uploads go
 * first; then the background pass takes older documents, oldest first. Nothing is remembered in the
 * browser: a document counts as analysed once `analysed_at` is written, so after a reload the pass
 * resumes where it stopped. Each job reports its page and progress and can be cancelled.
 */
import { OfflineError } from '@dossier/shared/core';
import type { DocumentAnalysis } from './suggestions';

export interface PageProgress {
  page: number;
  pages: number;
  /** 0…1 within the page */
  fraction: number;
}

export type ReadDocument = (
  blob: Blob,
  mimeType: string,
  options: { signal: AbortSignal; onProgress: (progress: PageProgress) => void },
) => Promise<string | null>;

/** What the queue needs of a document row. */
export interface AnalysableDocument {
  id: string;
  name: string;
  mime_type: string;
  storage_path: string;
  extraction_status: string;
}

export interface AnalysisResult {
  analysed_at: string;
  analysis: DocumentAnalysis;
  /** Set only when OCR read something. */
  extracted_text?: string;
  extraction_status?: 'done';
  text_source?: 'ocr';
}

export interface AnalysisDeps {
  /** The "Data processing" consent purpose, read at each step (it can change at any time). */
  allowed(): boolean;
  /** The oldest live documents not analysed yet, except those this page already took. */
  listUnanalysed(limit: number, except: readonly string[]): Promise<AnalysableDocument[]>;
  download(doc: AnalysableDocument): Promise<Blob>;
  /** A PDF's stored text layer (no OCR needed). */
  storedText(doc: AnalysableDocument): Promise<string | null>;
  read: ReadDocument;
  /** May consult the person's own filing (the per-person classifier, docs/decisions/0200). */
  suggest(text: string, name: string): DocumentAnalysis | Promise<DocumentAnalysis>;
  save(id: string, result: AnalysisResult): Promise<void>;
  onSaved?(id: string): void;
  now?(): Date;
  /** The browser's online flag (navigator.onLine by default). */
  isOnline?(): boolean;
}

export type JobStatus = 'waiting' | 'reading' | 'done' | 'cancelled' | 'failed';

export interface AnalysisJob {
  documentId: string;
  name: string;
  status: JobStatus;
  progress: PageProgress | null;
  /** Waiting because the network was needed (the OCR files, the file itself) and is gone. */
  waitsForNetwork?: boolean;
}

export interface AnalysisSnapshot {
  jobs: readonly AnalysisJob[];
  running: boolean;
}

const SWEEP_BATCH = 20;

/**
 * A step failed for want of the network (the OCR worker's files are fetched on first use, not
 * kept offline), not because of the document: the job waits for the network instead of failing.
 */
function neededNetwork(error: unknown, online: boolean): boolean {
  return error instanceof OfflineError || !online;
}

function cancelled(): Error {
  const error = new Error('analysis cancelled');
  error.name = 'AbortError';
  return error;
}

export class AnalysisQueue {
  private jobs = new Map<string, AnalysisJob>();
  private docs = new Map<string, AnalysableDocument>();
  private order: string[] = [];
  private controllers = new Map<string, AbortController>();
  private listeners = new Set<() => void>();
  private snapshot: AnalysisSnapshot = { jobs: [], running: false };
  private running = false;
  /** Ids the background pass already handed out in this page's life (cancelled or failed ones stay out). */
  private seen = new Set<string>();
  private sweeping = false;
  /** Closed for good (the session ended): nothing is listed, read or saved any more. */
  private closed = false;

  constructor(private readonly deps: AnalysisDeps) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AnalysisSnapshot => this.snapshot;

  job(id: string): AnalysisJob | undefined {
    return this.jobs.get(id);
  }

  /** Analyse this document next (an upload, or "Read text now" in the panel). */
  offer(doc: AnalysableDocument): void {
    if (this.closed || !this.deps.allowed()) return;
    const current = this.jobs.get(doc.id);
    if (current && (current.status === 'waiting' || current.status === 'reading')) return;
    this.seen.add(doc.id);
    this.docs.set(doc.id, doc);
    this.jobs.set(doc.id, { documentId: doc.id, name: doc.name, status: 'waiting', progress: null });
    this.order = [doc.id, ...this.order.filter((id) => id !== doc.id)];
    this.emit();
    void this.run();
  }

  /** Queues older documents not analysed yet, oldest first (the background pass). */
  async sweep(): Promise<void> {
    if (this.closed || !this.deps.allowed() || this.sweeping) return;
    this.sweeping = true;
    try {
      const docs = await this.deps.listUnanalysed(SWEEP_BATCH, [...this.seen]);
      let added = 0;
      for (const doc of docs) {
        if (this.seen.has(doc.id)) continue;
        this.seen.add(doc.id);
        this.docs.set(doc.id, doc);
        this.jobs.set(doc.id, { documentId: doc.id, name: doc.name, status: 'waiting', progress: null });
        this.order.push(doc.id);
        added += 1;
      }
      if (added > 0) {
        this.emit();
        void this.run();
      }
    } catch {
      // Offline or signed out: the next sweep tries again.
    } finally {
      this.sweeping = false;
    }
  }

  cancel(id: string): void {
    const job = this.jobs.get(id);
    if (!job || (job.status !== 'waiting' && job.status !== 'reading')) return;
    this.controllers.get(id)?.abort(cancelled());
    this.order = this.order.filter((other) => other !== id);
    this.set(id, { status: 'cancelled', progress: null });
  }

  /** Back online: reads what was waiting for the network (use-analysis.ts calls it on 'online'). */
  resume(): void {
    if (!this.closed && this.order.length > 0 && this.deps.allowed()) void this.run();
  }

  /**
   * Consent withdrawn (or `close()`): stop everything now, the document being read too (it is no
   * longer in the order): its reading is aborted and nothing of it is saved.
   */
  stopAll(): void {
    for (const [id, job] of this.jobs) if (job.status === 'waiting' || job.status === 'reading') this.cancel(id);
  }

  /** Signed out: stops everything, and the queue does nothing more (a new session gets a new one). */
  close(): void {
    this.closed = true;
    this.stopAll();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.emit();
    let offline = false;
    try {
      for (let id = this.order.shift(); id; id = this.order.shift()) {
        if (!this.deps.allowed()) {
          this.order.unshift(id);
          this.stopAll();
          break;
        }
        if ((await this.analyse(id)) === 'needs-network') {
          // Put back first; the rest keeps its place. resume() goes on once online.
          this.order.unshift(id);
          offline = true;
          break;
        }
      }
    } finally {
      this.running = false;
      this.emit();
    }
    // Documents that arrived while this pass ran (more of the backlog).
    if (!offline && this.deps.allowed() && this.seen.size > 0) void this.sweep();
  }

  private async analyse(id: string): Promise<'needs-network' | void> {
    const doc = this.docs.get(id);
    if (!doc) return;
    const controller = new AbortController();
    this.controllers.set(id, controller);
    this.set(id, { status: 'reading', progress: null, waitsForNetwork: false });
    try {
      const read = doc.extraction_status === 'done' ? null : await this.readText(doc, controller.signal);
      const text = read ?? (doc.extraction_status === 'done' ? await this.deps.storedText(doc) : null);
      if (controller.signal.aborted) throw controller.signal.reason;
      const analysis = await this.deps.suggest(text ?? '', doc.name);
      if (controller.signal.aborted) throw controller.signal.reason;
      const result: AnalysisResult = { analysed_at: (this.deps.now?.() ?? new Date()).toISOString(), analysis };
      if (read) Object.assign(result, { extracted_text: read, extraction_status: 'done', text_source: 'ocr' });
      await this.deps.save(id, result);
      this.set(id, { status: 'done', progress: null });
      this.deps.onSaved?.(id);
    } catch (error) {
      if (controller.signal.aborted) this.set(id, { status: 'cancelled', progress: null });
      else if (neededNetwork(error, this.deps.isOnline?.() ?? navigator.onLine !== false)) {
        this.set(id, { status: 'waiting', progress: null, waitsForNetwork: true });
        return 'needs-network';
      } else this.set(id, { status: 'failed', progress: null });
    } finally {
      this.controllers.delete(id);
    }
  }

  private async readText(doc: AnalysableDocument, signal: AbortSignal): Promise<string | null> {
    const blob = await this.deps.download(doc);
    if (signal.aborted) throw signal.reason;
    const text = await this.deps.read(blob, doc.mime_type, {
      signal,
      onProgress: (progress) => this.set(doc.id, { progress }),
    });
    const clean = text?.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
    return clean ? clean.slice(0, 1_000_000) : null;
  }

  private set(id: string, changes: Partial<AnalysisJob>): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.set(id, { ...job, ...changes });
    this.emit();
  }

  private emit(): void {
    this.snapshot = { jobs: [...this.jobs.values()], running: this.running };
    for (const listener of this.listeners) listener();
  }
}
