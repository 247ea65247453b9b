/** @jest-environment node */
import type { DriveFile } from '../../drive/drive-client';
import { dialogReducer, initialDialog, panelOf, type DialogEvent, type DialogState } from './dialog-machine';

const file = (id: string): DriveFile => ({ id, name: `${id}.pdf`, mimeType: 'application/pdf', modifiedTime: '2026-11-20T00:00:00.000Z' });
const play = (events: DialogEvent[], from: DialogState = initialDialog) => events.reduce(dialogReducer, from);
const pending = { files: [file('a'), file('b')], replaces: { b: 'doc-b' }, startedAt: 1 };

describe('the Drive import dialog machine', () => {
  it('opens on the browser; picked files start a run at once', () => {
    const state = play([{ type: 'opened' }, { type: 'picked', files: [file('a')] }]);
    expect(state).toEqual({ open: true, view: { kind: 'run', files: [file('a')] } });
  });

  it('a folder is confirmed first, and an empty folder cannot be imported', () => {
    const asked = play([{ type: 'opened' }, { type: 'picked', files: [file('a'), file('b')], folder: 'the folder “Receipts”' }]);
    expect(asked.view).toEqual({ kind: 'confirmFolder', files: [file('a'), file('b')], label: 'the folder “Receipts”' });
    expect(dialogReducer(asked, { type: 'confirmed' }).view).toEqual({ kind: 'run', files: [file('a'), file('b')] });
    expect(dialogReducer(asked, { type: 'back' }).view).toEqual({ kind: 'browse' });
    const empty = play([{ type: 'opened' }, { type: 'picked', files: [], folder: 'the folder “Empty”' }]);
    expect(dialogReducer(empty, { type: 'confirmed' })).toBe(empty);
  });

  it('offers an interrupted import in place of the browser, resumed with its updates', () => {
    const offered = play([{ type: 'opened' }, { type: 'interruptedFound', pending }]);
    expect(offered.view).toEqual({ kind: 'interrupted', pending });
    expect(dialogReducer(offered, { type: 'resumed' }).view).toEqual({ kind: 'run', files: pending.files, replaces: { b: 'doc-b' } });
    expect(dialogReducer(offered, { type: 'discarded' }).view).toEqual({ kind: 'browse' });
  });

  it('never offers it over a run, a folder question or a closed dialog', () => {
    const running = play([{ type: 'opened' }, { type: 'picked', files: [file('a')] }]);
    expect(dialogReducer(running, { type: 'interruptedFound', pending })).toBe(running);
    expect(dialogReducer(initialDialog, { type: 'interruptedFound', pending })).toBe(initialDialog);
    const open = play([{ type: 'opened' }]);
    expect(dialogReducer(open, { type: 'interruptedFound', pending: null })).toBe(open);
  });

  it('Import more goes back to the browser; Done and closing end the run', () => {
    const running = play([{ type: 'opened' }, { type: 'picked', files: [file('a')] }]);
    expect(dialogReducer(running, { type: 'back' })).toEqual({ open: true, view: { kind: 'browse' } });
    expect(dialogReducer(running, { type: 'done' })).toEqual(initialDialog);
    expect(dialogReducer(running, { type: 'closed' })).toEqual({ open: false, view: { kind: 'browse' } });
    // Reopening starts afresh, not in the old run.
    expect(play([{ type: 'closed' }, { type: 'opened' }], running).view).toEqual({ kind: 'browse' });
  });

  it('shows the connect panel whenever Drive is not connected, and the same step once reconnected', () => {
    const running = play([{ type: 'opened' }, { type: 'picked', files: [file('a')] }]);
    expect(panelOf(running, false)).toBe('connect');
    expect(panelOf(running, true)).toBe('run');
    expect(panelOf(play([{ type: 'opened' }]), false)).toBe('connect');
  });
});
