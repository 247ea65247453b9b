import { OfflineError } from '@dossier/shared/core';
import { AnalysisQueue, type AnalysableDocument, type AnalysisDeps, type AnalysisResult } from './analysis-queue';
import { suggest } from './suggestions';

const doc = (id: string, extras: Partial<AnalysableDocument> = {}): AnalysableDocument => ({
  id,
  name: `${id}.png`,
  mime_type: 'image/png',
  storage_path: `u/${id}/${id}.png`,
  extraction_status: 'none',
  ...extras,
});

function setup(overrides: Partial<AnalysisDeps> = {}) {
  const saved = new Map<string, AnalysisResult>();
  let consent = true;
  const deps: AnalysisDeps = {
    allowed: () => consent,
    listUnanalysed: jest.fn(async () => []),
    download: jest.fn(async () => new Blob(['x'])),
    storedText: jest.fn(async () => 'Invoice total 12.00'),
    read: jest.fn(async (_blob, _mime, { onProgress }) => {
      onProgress({ page: 1, pages: 1, fraction: 0.5 });
      return 'PASSPORT Nationality\nDate of expiry 14 MAR 2031';
    }),
    suggest: (text, name) => suggest(text, name, new Date('2026-11-23')),
    save: jest.fn(async (id, result) => void saved.set(id, result)),
    now: () => new Date('2026-11-23T10:00:00Z'),
    ...overrides,
  };
  const queue = new AnalysisQueue(deps);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { queue, deps, saved, settle, setConsent: (on: boolean) => (consent = on) };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 50 && !check(); i += 1) await new Promise((r) => setTimeout(r, 0));
};

/**
 * A read that goes on until the test says (`finish`) or the queue aborts it; `reading` resolves
 * once it has started.
 */
function readThatWaits() {
  let started!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  let finish!: () => void;
  const read: AnalysisDeps['read'] = (_b, _m, { signal }) =>
    new Promise((resolve, reject) => {
      started();
      finish = () => resolve('PASSPORT Date of expiry 14 MAR 2031');
      signal.addEventListener('abort', () => reject(signal.reason));
    });
  return { read, reading, finish: () => finish() };
}

describe('AnalysisQueue', () => {
  it('reads an offered image, stores its text as OCR text with suggestions and marks it analysed', async () => {
    const { queue, saved } = setup();
    queue.offer(doc('a'));
    await until(() => saved.has('a'));
    const result = saved.get('a');
    expect(result).toMatchObject({ analysed_at: '2026-11-23T10:00:00.000Z', extraction_status: 'done', text_source: 'ocr' });
    expect(result?.extracted_text).toContain('PASSPORT');
    expect(result?.analysis.category?.name).toBe('Personal ID');
    expect(result?.analysis.expires_on).toEqual({ date: '2031-03-14', source: 'Date of expiry 14 MAR 2031' });
    expect(queue.job('a')?.status).toBe('done');
  });

  it('does not read a PDF that has a text layer; it analyses the stored text', async () => {
    const { queue, deps, saved } = setup();
    queue.offer(doc('p', { mime_type: 'application/pdf', extraction_status: 'done' }));
    await until(() => saved.has('p'));
    expect(deps.read).not.toHaveBeenCalled();
    expect(saved.get('p')?.extracted_text).toBeUndefined();
    expect(saved.get('p')?.analysis.category?.name).toBe('Receipts');
  });

  it('does nothing without the Data processing consent', async () => {
    const { queue, deps, setConsent, settle } = setup();
    setConsent(false);
    queue.offer(doc('a'));
    await queue.sweep();
    await settle();
    expect(deps.download).not.toHaveBeenCalled();
    expect(deps.listUnanalysed).not.toHaveBeenCalled();
  });

  it('cancels a document being read: nothing is saved and it is not read again by the background pass', async () => {
    const { read, reading } = readThatWaits();
    const { queue, deps, saved, settle } = setup({ read, listUnanalysed: jest.fn(async () => [doc('a')]) });
    queue.offer(doc('a'));
    await reading;
    expect(queue.job('a')?.status).toBe('reading');
    queue.cancel('a');
    await settle();
    expect(queue.job('a')?.status).toBe('cancelled');
    expect(saved.size).toBe(0);
    await queue.sweep();
    expect(deps.listUnanalysed).toHaveBeenLastCalledWith(20, ['a']);
    expect(queue.job('a')?.status).toBe('cancelled');
  });

  it('the background pass takes older documents oldest first, after the person’s new upload', async () => {
    const order: string[] = [];
    const { queue, saved } = setup({
      listUnanalysed: jest.fn(async () => [doc('old1'), doc('old2')]),
      save: jest.fn(async (id: string, result: AnalysisResult) => {
        order.push(id);
        saved.set(id, result);
      }),
    });
    await queue.sweep();
    queue.offer(doc('new'));
    await until(() => saved.size === 3);
    // old1 was already being read when the upload arrived; the upload goes next.
    expect(order).toEqual(['old1', 'new', 'old2']);
  });

  it('a document that fails to read is reported and the queue goes on', async () => {
    const { queue, saved } = setup({
      listUnanalysed: jest.fn(async () => [doc('bad'), doc('good')]),
      download: jest.fn(async (d: AnalysableDocument) => {
        if (d.id === 'bad') throw new Error('offline');
        return new Blob(['x']);
      }),
    });
    await queue.sweep();
    await until(() => saved.has('good'));
    expect(queue.job('bad')?.status).toBe('failed');
    expect(saved.has('bad')).toBe(false);
  });

  it('a page whose OCR files cannot be loaded offline waits for the network instead of failing, and is read once back online', async () => {
    let reachable = false;
    const read = jest.fn<ReturnType<AnalysisDeps['read']>, Parameters<AnalysisDeps['read']>>(async () => {
      // What ocr-engine.ts throws when the worker script cannot be fetched.
      if (!reachable) throw new OfflineError('The files to read documents could not be loaded');
      return 'PASSPORT Nationality';
    });
    const { queue, saved } = setup({ read, listUnanalysed: jest.fn(async () => [doc('later')]) });
    queue.offer(doc('photo'));
    await until(() => queue.getSnapshot().running === false);
    expect(queue.job('photo')).toMatchObject({ status: 'waiting', waitsForNetwork: true });
    expect(saved.size).toBe(0);
    expect(read).toHaveBeenCalledTimes(1);

    reachable = true;
    queue.resume();
    await until(() => saved.has('photo') && saved.has('later'));
    expect(queue.job('photo')).toMatchObject({ status: 'done', waitsForNetwork: false });
    expect(saved.get('photo')?.extracted_text).toBe('PASSPORT Nationality');
  });

  it('any step that fails while the browser is offline waits for the network too (the file, the reading code)', async () => {
    let online = false;
    const { queue, saved } = setup({
      isOnline: () => online,
      download: jest.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch');
        return new Blob(['x']);
      }),
    });
    queue.offer(doc('a'));
    await until(() => queue.getSnapshot().running === false);
    expect(queue.job('a')?.status).toBe('waiting');
    online = true;
    queue.resume();
    await until(() => saved.has('a'));
    expect(queue.job('a')?.status).toBe('done');
  });

  it('withdrawing consent stops the queue', async () => {
    const { queue, saved, setConsent } = setup({ listUnanalysed: jest.fn(async () => [doc('a'), doc('b')]) });
    await queue.sweep();
    setConsent(false);
    await until(() => queue.getSnapshot().running === false);
    expect(saved.size).toBeLessThanOrEqual(1);
  });

  it('stopping the queue (consent withdrawn, signed out) stops the document being read too: nothing of it is saved', async () => {
    const { read, reading, finish: finishReading } = readThatWaits();
    const { queue, saved, settle } = setup({ read });
    queue.offer(doc('a'));
    queue.offer(doc('b'));
    await reading;
    queue.stopAll();
    finishReading();
    await settle();
    await until(() => queue.getSnapshot().running === false);
    expect(saved.size).toBe(0);
    expect(queue.job('a')?.status).toBe('cancelled');
    expect(queue.job('b')?.status).toBe('cancelled');
  });

  it('a closed queue (signed out) lists, reads and saves nothing more, also after the pass it was in', async () => {
    const { read, reading } = readThatWaits();
    const { queue, deps, saved, settle } = setup({ read, listUnanalysed: jest.fn(async () => []) });
    queue.offer(doc('a'));
    await reading;
    queue.close();
    await until(() => queue.getSnapshot().running === false);
    await settle();
    const listed = (deps.listUnanalysed as jest.Mock).mock.calls.length;
    await queue.sweep();
    queue.offer(doc('b'));
    queue.resume();
    await settle();
    expect((deps.listUnanalysed as jest.Mock).mock.calls.length).toBe(listed);
    expect(listed).toBe(0);
    expect(queue.job('b')).toBeUndefined();
    expect(saved.size).toBe(0);
  });
});
