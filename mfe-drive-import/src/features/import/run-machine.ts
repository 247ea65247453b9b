import type { PlanFit } from '@dossier/shared/core';
import type { DriveFile } from '../../drive/drive-client';
import type { ImportItem, ImportStatus } from './drive-import';

/**
 * One import run as a pure state machine (issue 23 §3): what the run panel shows and what it may do
 * next, step by step, so every transition — the failure paths included — is tested without a DOM.
 * The side effects (the up-front checks, the downloads, the upload widget, the pending-import
 * record) live in the run panel and only report here through events.
 *
 *   checking ──checked──▶ fit ──fitChosen──▶ importing ──uploadSettled──▶ summary
 *       │                                       ▲                           │
 *       └───────checked (fits)─────────────────┘◀──retryFailed/updateChanged┘
 */
export type RunPhase = 'checking' | 'fit' | 'importing' | 'summary';

export interface RunState {
  phase: RunPhase;
  items: ImportItem[];
  /** Each round (the first, Retry, Update from Drive, Import what fits) gets a fresh upload. */
  round: number;
  /** The round whose downloads feed the upload, or null before any download started. */
  batch: number | null;
  /** The chosen files do not all fit the plan: asked before anything downloads (issue 21 §4). */
  fit: PlanFit | null;
  /** Files left out of this import because the plan had no room for them. */
  leftOut: number;
  /**
   * The batch holds the import's first new files: answers looked up before anything downloaded
   * (duplicates by checksum, ADR 0255) still hold. A later round (Retry, Update) comes after this
   * import stored files, so its files are checked one by one as they are uploaded.
   */
  firstBatch: boolean;
}

export type RunEvent =
  /** The first round's checks: the plan (Drive-id duplicates sorted out) and, if they do not all fit, the plan's room. */
  | { type: 'checked'; plan: ImportItem[]; fit: PlanFit | null }
  /** "Import the N files that fit": only the first `room` new files stay in this import. */
  | { type: 'fitChosen'; room: number }
  | { type: 'fileChanged'; index: number; patch: Partial<ImportItem> }
  /** The upload has settled every file it was handed. */
  | { type: 'uploadSettled' }
  | { type: 'retryFailed' }
  | { type: 'updateChanged' };

export const initialRun: RunState = { phase: 'checking', items: [], round: 0, batch: null, fit: null, leftOut: 0, firstBatch: true };

/** Why a file that never reached the upload is not in Dossier: the summary counts it as failed, never as still on its way. */
export const NOT_HANDED_OVER_REASON = 'It did not reach your documents. Retry to import it again.';

/** Files that never reached the upload; a downloaded one was handed over, and the upload reports its end. */
const UNSETTLED = new Set<ImportStatus>(['waiting', 'downloading']);

/** Starts downloading what is waiting, or goes straight to the summary when nothing is. */
function begin(state: RunState, items: ImportItem[]): RunState {
  if (!items.some((it) => it.status === 'waiting')) return { ...state, items, phase: 'summary' };
  return { ...state, items, phase: 'importing', batch: state.round };
}

/** Puts the files of these statuses back in the line for a new round (Retry, Update from Drive, ADR 0131). */
function requeue(state: RunState, statuses: readonly ImportStatus[]): RunState {
  const items = state.items.map((it) =>
    // A final failure (the file is empty in Drive) stays as it is: asking again changes nothing.
    statuses.includes(it.status) && !it.final ? { ...it, status: 'waiting' as const, reason: undefined, replaces: it.status === 'changed' ? it.existing!.id : it.replaces } : it,
  );
  return begin({ ...state, round: state.round + 1, firstBatch: false }, items);
}

export function runReducer(state: RunState, event: RunEvent): RunState {
  switch (event.type) {
    case 'checked':
      if (state.phase !== 'checking') return state;
      if (event.fit && !event.fit.fits) return { ...state, items: event.plan, fit: event.fit, phase: 'fit' };
      return begin(state, event.plan);
    case 'fitChosen': {
      if (state.phase !== 'fit') return state;
      let kept = 0;
      const items = state.items.filter((it) => it.status !== 'waiting' || kept++ < event.room);
      return begin({ ...state, fit: null, round: state.round + 1, leftOut: state.items.length - items.length }, items);
    }
    case 'fileChanged':
      if (!state.items[event.index]) return state;
      return { ...state, items: state.items.map((it, i) => (i === event.index ? { ...it, ...event.patch } : it)) };
    case 'uploadSettled':
      if (state.phase !== 'importing') return state;
      // A summary never hides a file: one the upload did not settle (it never arrived there) is a
      // failure with its reason and can be retried, not a file quietly "still to go".
      return {
        ...state,
        phase: 'summary',
        items: state.items.map((it) => (UNSETTLED.has(it.status) ? { ...it, status: 'failed' as const, reason: it.reason ?? NOT_HANDED_OVER_REASON } : it)),
      };
    case 'retryFailed':
      return state.phase === 'summary' ? requeue(state, ['failed', 'cancelled']) : state;
    case 'updateChanged':
      return state.phase === 'summary' ? requeue(state, ['changed']) : state;
  }
}

/** The files and pending updates the run would resume with after a reload (ADR 0131): what it holds now. */
export function runFiles(state: RunState, chosen: readonly DriveFile[]): DriveFile[] {
  return state.phase === 'checking' ? [...chosen] : state.items.map((it) => it.file);
}

/** Replacements (Drive file id → document it updates) the run has started: resumed as updates. */
export function runReplaces(state: RunState, initial: Readonly<Record<string, string>>): Record<string, string> {
  return { ...initial, ...Object.fromEntries(state.items.filter((it) => it.replaces).map((it) => [it.file.id, it.replaces!])) };
}
