/** @jest-environment node */
import type { DocumentRecord } from '../../api/documents';
import { feedUploads } from './feed-uploads';
import { UploadManager, type UploadManagerDeps } from './upload-manager';

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

/** A manager whose uploads each wait until the test lets them finish. */
function slowManager() {
  const finish: Array<() => void> = [];
  let ids = 0;
  const deps: UploadManagerDeps = {
    userId: 'u1',
    validate: async () => ({ ok: true, mimeType: 'application/pdf' }),
    hash: async (f) => `sha-${await f.text()}`,
    findDuplicates: async () => [],
    extract: async () => ({ status: 'none', text: null }),
    store: (_f, doc) => new Promise<DocumentRecord>((resolve) => finish.push(() => resolve({ id: doc.documentId, name: doc.name } as DocumentRecord))),
    queueOffline: async () => undefined,
    isOnline: () => true,
    describeError: () => 'failed',
    newId: () => `id-${(ids += 1)}`,
    concurrency: 2,
  };
  return { manager: new UploadManager(deps), finish };
}

/** A producer that records how many files were asked of it. */
function producer(count: number) {
  let pulled = 0;
  const iterator: AsyncIterator<File> = {
    next: async () => (pulled < count ? { value: new File([`f${pulled}`], `f${(pulled += 1)}.pdf`), done: false } : { value: undefined, done: true }),
  };
  return { iterator, pulled: () => pulled };
}

describe('feedUploads: files that arrive over time', () => {
  it('pulls the next file only while fewer than the window are in flight, and ends with the files', async () => {
    const { manager, finish } = slowManager();
    const source = producer(7);
    const fed = feedUploads(manager, source.iterator, { window: 3 });
    await flush();
    expect(source.pulled()).toBe(3);
    expect(manager.inFlight()).toBe(3);
    finish.shift()!();
    await flush();
    expect(source.pulled()).toBe(4);
    while (finish.length > 0) {
      finish.shift()!();
      await flush();
    }
    await expect(fed).resolves.toBe('done');
    expect(manager.getSnapshot().items.map((it) => it.status)).toEqual(Array(7).fill('done'));
    expect(manager.getSnapshot().overall).toEqual({ loaded: 14, total: 14 });
  });

  it('stops pulling when told, and a second feeder goes on with the same files (React runs effects twice)', async () => {
    const { manager, finish } = slowManager();
    const source = producer(4);
    const stop = new AbortController();
    const first = feedUploads(manager, source.iterator, { window: 1, signal: stop.signal });
    await flush();
    stop.abort();
    finish.shift()!();
    await expect(first).resolves.toBe('stopped');
    expect(source.pulled()).toBe(1);
    const second = feedUploads(manager, source.iterator, { window: 1 });
    for (let i = 0; i < 4; i += 1) {
      await flush();
      finish.shift()?.();
    }
    await expect(second).resolves.toBe('done');
    expect(manager.getSnapshot().items.map((it) => it.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf']);
  });
});
