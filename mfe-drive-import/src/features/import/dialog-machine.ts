import type { DriveFile } from '../../drive/drive-client';
import type { PendingImport } from './pending-import';

/**
 * What the Drive import dialog shows, as a pure state machine (issue 23 §3). Connecting is not a
 * state of its own: whenever Drive is not connected (never, or the token expired mid-way) the
 * connect panel shows over whatever the dialog was doing, and the person is back there once
 * connected again (`panelOf`).
 *
 *   browse ──picked (files)──────────────▶ run ──back──▶ browse
 *     │  ──picked (folder)──▶ confirmFolder ──confirmed──▶ run ──done──▶ closed
 *     │  ◀──interruptedFound── (on open) interrupted ──resumed──▶ run / ──discarded──▶ browse
 */
export type DialogView =
  | { kind: 'browse' }
  | { kind: 'confirmFolder'; files: DriveFile[]; label: string }
  | { kind: 'interrupted'; pending: PendingImport }
  | { kind: 'run'; files: DriveFile[]; replaces?: Record<string, string> };

export interface DialogState {
  open: boolean;
  view: DialogView;
}

export type DialogEvent =
  | { type: 'opened' }
  | { type: 'closed' }
  /** An import cut short by a reload (or a closed tab) was found for this person. */
  | { type: 'interruptedFound'; pending: PendingImport | null }
  /** Files chosen in the browser; a folder's whole tree is confirmed first (it was counted). */
  | { type: 'picked'; files: DriveFile[]; folder?: string }
  | { type: 'confirmed' }
  | { type: 'resumed' }
  | { type: 'discarded' }
  /** Back to the browser (from a folder's confirmation, or "Import more" after a run). */
  | { type: 'back' }
  /** "Done": the run is over and the dialog closes. */
  | { type: 'done' };

export const initialDialog: DialogState = { open: false, view: { kind: 'browse' } };

const BROWSE: DialogView = { kind: 'browse' };

export function dialogReducer(state: DialogState, event: DialogEvent): DialogState {
  const { view } = state;
  switch (event.type) {
    case 'opened':
      return { open: true, view: BROWSE };
    case 'closed':
      // Closing stops a run (its downloads are aborted with it); the next opening starts afresh.
      return { open: false, view: BROWSE };
    case 'interruptedFound':
      // Offered only in place of the browser: never over a run or a choice the person is making.
      if (!state.open || view.kind !== 'browse' || !event.pending || event.pending.files.length === 0) return state;
      return { ...state, view: { kind: 'interrupted', pending: event.pending } };
    case 'picked':
      if (view.kind !== 'browse') return state;
      return { ...state, view: event.folder === undefined ? { kind: 'run', files: event.files } : { kind: 'confirmFolder', files: event.files, label: event.folder } };
    case 'confirmed':
      if (view.kind !== 'confirmFolder' || view.files.length === 0) return state;
      return { ...state, view: { kind: 'run', files: view.files } };
    case 'resumed':
      if (view.kind !== 'interrupted') return state;
      return { ...state, view: { kind: 'run', files: view.pending.files, replaces: view.pending.replaces } };
    case 'discarded':
      return view.kind === 'interrupted' ? { ...state, view: BROWSE } : state;
    case 'back':
      return view.kind === 'confirmFolder' || view.kind === 'run' ? { ...state, view: BROWSE } : state;
    case 'done':
      return view.kind === 'run' ? initialDialog : state;
  }
}

/** The panel on screen: the connect panel whenever Drive is not connected, else the view. */
export function panelOf(state: DialogState, connected: boolean): DialogView['kind'] | 'connect' {
  return connected ? state.view.kind : 'connect';
}
