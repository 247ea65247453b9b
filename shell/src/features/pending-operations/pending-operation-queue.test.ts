/** @jest-environment node */
import 'fake-indexeddb/auto';
import { createPendingOperationQueue, type PendingOperationQueue } from './pending-operation-queue';

let n = 0;
const freshDb = () => `dossier-offline-test-${(n += 1)}`;

describe('pending-operation queue (IndexedDB)', () => {
  const queues: PendingOperationQueue[] = [];
  const make = (options: Parameters<typeof createPendingOperationQueue>[0] = {}) => {
    const queue = createPendingOperationQueue({ isOnline: () => true, ...options });
    queues.push(queue);
    return queue;
  };
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
  });

  it('keeps operations across a reload (a new queue on the same database)', async () => {
    const dbName = freshDb();
    const first = make({ dbName, now: () => 1_000 });
    const queued = await first.enqueue('document-upload', { name: 'passport.pdf' });
    expect(queued).toMatchObject({ type: 'document-upload', timestamp: 1_000, retryCount: 0, payload: { name: 'passport.pdf' } });
    await first.close();

    const afterReload = make({ dbName });
    expect(await afterReload.list()).toEqual([queued]);
    expect(await afterReload.list('other-type')).toEqual([]);
  });

  it('round-trips a File in the payload', async () => {
    const queue = make({ dbName: freshDb() });
    const file = new File(['%PDF-1.7 hello'], 'passport.pdf', { type: 'application/pdf' });
    await queue.enqueue('document-upload', { file });
    const [stored] = await queue.list();
    const back = (stored.payload as { file: Blob }).file;
    expect(back.size).toBe(file.size);
    expect(back.type).toBe('application/pdf');
    expect(await back.text()).toBe('%PDF-1.7 hello');
  });

  it('replays with the registered handler, removes successes and counts retries of failures', async () => {
    let clock = 0;
    const queue = make({ dbName: freshDb(), now: () => (clock += 1) });
    await queue.enqueue('document-upload', { name: 'a' });
    await queue.enqueue('document-upload', { name: 'b' });
    await queue.enqueue('portfolio-share', { id: 1 });
    const handler = jest.fn(async (op: { payload: { name: string } }) => {
      if (op.payload.name === 'b') throw new Error('still offline');
    });
    queue.registerHandler('document-upload', handler);
    await queue.flush();
    const result = await queue.flush();
    expect(result).toEqual({ succeeded: 0, failed: 1 });
    const left = await queue.list();
    expect(left.map((op) => [op.type, op.retryCount])).toEqual([
      ['document-upload', 2],
      ['portfolio-share', 0], // no handler yet: waits for its area
    ]);
  });

  it('loads the area that owns a queued type nobody handles yet, then replays with the handler it registers', async () => {
    const dbName = freshDb();
    const replayed: string[] = [];
    const queue: PendingOperationQueue = make({
      dbName,
      // What the shell does: load the owning area, whose register step adds the handler.
      loadHandler: async (type) => {
        queue.registerHandler<{ name: string }>(type, async (operation) => void replayed.push(operation.payload.name));
      },
    });
    await queue.enqueue('document-upload', { name: 'passport.pdf' });
    await queue.flush();
    expect(replayed).toEqual(['passport.pdf']);
    expect(await queue.list()).toEqual([]);
  });

  it('keeps the operation queued when its area cannot be loaded', async () => {
    const queue = make({ dbName: freshDb(), loadHandler: () => Promise.reject(new Error('area down')) });
    await queue.enqueue('document-upload', { name: 'passport.pdf' });
    await expect(queue.flush()).resolves.toEqual({ succeeded: 0, failed: 0 });
    expect(await queue.list()).toHaveLength(1);
  });

  it('does nothing while offline and flushes when the page comes back online', async () => {
    let online = false;
    const queue = make({ dbName: freshDb(), isOnline: () => online });
    const handler = jest.fn().mockResolvedValue(undefined);
    queue.registerHandler('document-upload', handler);
    await queue.enqueue('document-upload', {});
    expect(await queue.flush()).toEqual({ succeeded: 0, failed: 0 });

    const target = new EventTarget();
    const stop = queue.start(target as unknown as Window);
    online = true;
    target.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await queue.flush();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(await queue.list()).toEqual([]);
    stop();
  });

  it('tells subscribers about every change and asks for background sync on enqueue', async () => {
    const requestBackgroundSync = jest.fn();
    const queue = make({ dbName: freshDb(), requestBackgroundSync });
    const seen: number[] = [];
    queue.subscribe((operations) => seen.push(operations.length));
    const op = await queue.enqueue('document-upload', {});
    await queue.remove(op.id);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen).toEqual([0, 1, 0]);
    expect(requestBackgroundSync).toHaveBeenCalledWith('dossier-pending-operations');
  });

  it('runs one flush at a time', async () => {
    const queue = make({ dbName: freshDb() });
    let release!: () => void;
    const handler = jest.fn(() => new Promise<void>((resolve) => (release = resolve)));
    await queue.enqueue('document-upload', {});
    queue.registerHandler('document-upload', handler);
    const a = queue.flush();
    const b = queue.flush();
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    await Promise.all([a, b]);
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
