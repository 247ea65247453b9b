import { bulkReport, planFit, type BulkOutcome } from './bulk-report';

const IMPORT = { done: 'Imported', skipped: 'already imported' };
const LIMIT = 'Your Free plan holds up to 100 documents. Upgrade your plan in Settings, or delete documents and empty the trash.';
const times = (n: number, o: BulkOutcome) => Array.from({ length: n }, () => o);

describe('bulkReport', () => {
  it('counts the files the plan refused as failed, with the reason in the line (the 120-file folder on Free)', () => {
    const report = bulkReport([...times(90, { state: 'skipped' }), ...times(30, { state: 'failed', reason: LIMIT })], IMPORT);
    expect(report).toMatchObject({ total: 120, done: 0, skipped: 90, failed: 30, settled: 120, finished: true });
    expect(report.line).toBe(`Imported 0 · Skipped 90 already imported · Failed 30 — ${LIMIT}`);
  });

  it('never counts an unsettled file as settled: the progress is what happened', () => {
    const report = bulkReport([...times(62, { state: 'done' }), ...times(30, { state: 'pending' })], IMPORT);
    expect(report.progress).toBe('62 of 92 files');
    expect(report.finished).toBe(false);
    expect(report.line).toBe('Imported 62 · Skipped 0 already imported · Failed 0 · 30 still to go');
  });

  it('groups several reasons, the most frequent first, each with its count', () => {
    const report = bulkReport(
      [{ state: 'failed', reason: 'Cancelled.' }, { state: 'failed', reason: LIMIT }, { state: 'failed', reason: LIMIT }, { state: 'done' }],
      IMPORT,
    );
    expect(report.failures).toEqual([
      { reason: LIMIT, count: 2 },
      { reason: 'Cancelled.', count: 1 },
    ]);
    expect(report.line).toBe(`Imported 1 · Skipped 0 already imported · Failed 3 — 2: ${LIMIT} 1: Cancelled.`);
  });

  it('names the two most frequent reasons and leaves the rest to each file’s row', () => {
    const report = bulkReport(
      [{ state: 'failed', reason: 'A.' }, { state: 'failed', reason: 'A.' }, { state: 'failed', reason: 'B.' }, { state: 'failed', reason: 'C.' }, { state: 'failed', reason: 'D.' }],
      IMPORT,
    );
    expect(report.line).toBe('Imported 0 · Skipped 0 already imported · Failed 5 — 2: A. 1: B. (and 2 other reasons, shown with each file)');
  });

  it('leaves out skips for an action that has none, and says one file in the singular', () => {
    const report = bulkReport([{ state: 'done' }], { done: 'Uploaded' });
    expect(report.line).toBe('Uploaded 1 · Failed 0');
    expect(report.progress).toBe('1 of 1 file');
  });

  it('counts what was done as another verb on its own (a Drive update), after the failures', () => {
    const report = bulkReport([{ state: 'done' }, { state: 'done', as: 'Updated' }], IMPORT);
    expect(report).toMatchObject({ done: 2, settled: 2 });
    expect(report.line).toBe('Imported 1 · Skipped 0 already imported · Failed 0 · Updated 1');
  });

  it('an empty action is finished with nothing counted', () => {
    expect(bulkReport([], IMPORT)).toMatchObject({ total: 0, settled: 0, finished: true, line: 'Imported 0 · Skipped 0 already imported · Failed 0' });
  });
});

describe('planFit', () => {
  it('fits when the room is at least the count', () => {
    expect(planFit(10, { planName: 'Free', used: 90, limit: 100 })).toEqual({ fits: true, room: 10, message: '' });
  });

  it('says before downloading how many of the chosen files fit', () => {
    const fit = planFit(120, { planName: 'Free', used: 0, limit: 100 });
    expect(fit).toMatchObject({ fits: false, room: 100 });
    expect(fit.message).toBe('Your Free plan holds up to 100 documents and you have 0: only 100 of these 120 files fit.');
  });

  it('says none fit when the plan is full (or over, after a downgrade)', () => {
    const fit = planFit(3, { planName: 'Free', used: 104, limit: 100 });
    expect(fit).toMatchObject({ fits: false, room: 0 });
    expect(fit.message).toMatch(/^Your Free plan holds up to 100 documents and you have 104, so none of these 3 files fit\./);
  });
});
