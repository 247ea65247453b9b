/** @jest-environment node */
import type { PlanFit } from '@dossier/shared/core';
import type { DriveFile } from '../../drive/drive-client';
import { importReport, importSummary, type ImportItem } from './drive-import';
import { NOT_HANDED_OVER_REASON, initialRun, runFiles, runReducer, runReplaces, type RunEvent, type RunState } from './run-machine';

const file = (id: string): DriveFile => ({ id, name: `${id}.pdf`, mimeType: 'application/pdf', modifiedTime: '2026-11-20T00:00:00.000Z' });
const waiting = (id: string): ImportItem => ({ file: file(id), status: 'waiting' });
const existing = (id: string) => ({ id: `doc-${id}`, name: `${id}.pdf`, drive_file_id: id, drive_modified_time: '2026-11-01T00:00:00.000Z' });
const play = (events: RunEvent[], from: RunState = initialRun) => events.reduce(runReducer, from);
const statuses = (state: RunState) => state.items.map((it) => it.status);
const NO_ROOM: PlanFit = { fits: false, room: 1, message: 'Your Free plan holds up to 100 documents and you have 99: only 1 of these 3 files fit.' };

describe('the import run machine', () => {
  it('checks first, then downloads the new files as batch 0 (the up-front answers hold)', () => {
    const state = play([{ type: 'checked', plan: [waiting('a'), { file: file('b'), status: 'duplicate', existing: existing('b') }], fit: null }]);
    expect(state).toMatchObject({ phase: 'importing', batch: 0, firstBatch: true });
  });

  it('goes straight to the summary when every chosen file was imported before', () => {
    const state = play([{ type: 'checked', plan: [{ file: file('b'), status: 'duplicate', existing: existing('b') }], fit: { fits: true, room: 5, message: '' } }]);
    expect(state.phase).toBe('summary');
    expect(state.batch).toBeNull();
  });

  it('asks before anything downloads when the files do not fit the plan, then imports only those that fit', () => {
    const asked = play([{ type: 'checked', plan: [waiting('a'), waiting('b'), { file: file('c'), status: 'duplicate', existing: existing('c') }, waiting('d')], fit: NO_ROOM }]);
    expect(asked).toMatchObject({ phase: 'fit', fit: NO_ROOM, batch: null });
    const chosen = runReducer(asked, { type: 'fitChosen', room: 1 });
    expect(chosen.items.map((it) => it.file.id)).toEqual(['a', 'c']);
    expect(chosen).toMatchObject({ phase: 'importing', leftOut: 2, fit: null, batch: 1, firstBatch: true });
    // What a reload would resume: the files of this import, not the ones left out.
    expect(runFiles(chosen, [file('a'), file('b'), file('c'), file('d')]).map((f) => f.id)).toEqual(['a', 'c']);
  });

  it('ignores events that do not belong to the phase (a late check, a double click)', () => {
    const importing = play([{ type: 'checked', plan: [waiting('a')], fit: null }]);
    expect(runReducer(importing, { type: 'checked', plan: [], fit: null })).toBe(importing);
    expect(runReducer(importing, { type: 'fitChosen', room: 1 })).toBe(importing);
    expect(runReducer(importing, { type: 'retryFailed' })).toBe(importing);
    expect(runReducer(importing, { type: 'fileChanged', index: 7, patch: { status: 'stored' } })).toBe(importing);
  });

  it('reaches the summary with every failure shown and counted, never hidden as still on its way', () => {
    let state = play([{ type: 'checked', plan: [waiting('a'), waiting('b'), waiting('c'), waiting('d')], fit: null }]);
    state = play(
      [
        { type: 'fileChanged', index: 0, patch: { status: 'stored', existing: existing('a') } },
        // The upload refused it (the plan's limit): a failure with the upload's words.
        { type: 'fileChanged', index: 1, patch: { status: 'failed', reason: 'Your plan is full.' } },
        // The circuit opened mid-way: "Google Drive is paused for a minute…".
        { type: 'fileChanged', index: 2, patch: { status: 'failed', reason: 'Google Drive is paused: try again in a minute.' } },
        // Still downloading when the upload said it had settled everything it was given.
        { type: 'fileChanged', index: 3, patch: { status: 'downloading' } },
        { type: 'uploadSettled' },
      ],
      state,
    );
    expect(state.phase).toBe('summary');
    expect(statuses(state)).toEqual(['stored', 'failed', 'failed', 'failed']);
    expect(state.items[3].reason).toBe(NOT_HANDED_OVER_REASON);
    const report = importReport(state.items);
    expect(report).toMatchObject({ done: 1, failed: 3, pending: 0, finished: true });
    expect(report.line).toContain('Failed 3');
    expect(importSummary(state.items).failed.map((it) => it.reason)).toEqual(['Your plan is full.', 'Google Drive is paused: try again in a minute.', NOT_HANDED_OVER_REASON]);
  });

  it('Retry puts only failed and cancelled files back in the line, as a fresh batch checked file by file', () => {
    let state = play([{ type: 'checked', plan: [waiting('a'), waiting('b'), waiting('c')], fit: null }]);
    state = play(
      [
        { type: 'fileChanged', index: 0, patch: { status: 'stored', existing: existing('a') } },
        { type: 'fileChanged', index: 1, patch: { status: 'failed', reason: 'Network' } },
        { type: 'fileChanged', index: 2, patch: { status: 'cancelled' } },
        { type: 'uploadSettled' },
        { type: 'retryFailed' },
      ],
      state,
    );
    expect(statuses(state)).toEqual(['stored', 'waiting', 'waiting']);
    expect(state.items[1].reason).toBeUndefined();
    expect(state).toMatchObject({ phase: 'importing', round: 1, batch: 1, firstBatch: false });
  });

  it('Retry leaves a final failure (the file is empty in Drive) as it is, and offers nothing when it is the only one', () => {
    const empty = '“notes.txt” was not imported: the file is empty in Google Drive.';
    let state = play([{ type: 'checked', plan: [waiting('a'), waiting('b')], fit: null }]);
    state = play(
      [
        { type: 'fileChanged', index: 0, patch: { status: 'failed', reason: empty, final: true } },
        { type: 'fileChanged', index: 1, patch: { status: 'failed', reason: 'Network' } },
        { type: 'uploadSettled' },
      ],
      state,
    );
    expect(importSummary(state.items).failed).toHaveLength(2);
    expect(importSummary(state.items).retryable.map((it) => it.file.id)).toEqual(['b']);
    state = runReducer(state, { type: 'retryFailed' });
    expect(statuses(state)).toEqual(['failed', 'waiting']);
    expect(state.items[0].reason).toBe(empty);
    state = play([{ type: 'fileChanged', index: 1, patch: { status: 'stored', existing: existing('b') } }, { type: 'uploadSettled' }], state);
    expect(importSummary(state.items).retryable).toEqual([]);
  });

  it('Update from Drive re-downloads changed files as new versions of the documents they replace (ADR 0131)', () => {
    let state = play([{ type: 'checked', plan: [{ file: file('p'), status: 'changed', existing: existing('p') }], fit: null }]);
    expect(state.phase).toBe('summary');
    state = runReducer(state, { type: 'updateChanged' });
    expect(state.items[0]).toMatchObject({ status: 'waiting', replaces: 'doc-p' });
    expect(state).toMatchObject({ phase: 'importing', batch: 1, firstBatch: false });
    // A reload now resumes it as an update, not as a second copy.
    expect(runReplaces(state, {})).toEqual({ p: 'doc-p' });
  });

  it('a cancelled import ends in the summary with its cancelled files retryable', () => {
    let state = play([{ type: 'checked', plan: [waiting('a'), waiting('b')], fit: null }]);
    state = play([{ type: 'fileChanged', index: 0, patch: { status: 'cancelled' } }, { type: 'fileChanged', index: 1, patch: { status: 'cancelled' } }, { type: 'uploadSettled' }], state);
    expect(state.phase).toBe('summary');
    expect(importSummary(state.items).failed).toHaveLength(2);
    expect(importReport(state.items).line).toContain('Failed 2');
  });
});
