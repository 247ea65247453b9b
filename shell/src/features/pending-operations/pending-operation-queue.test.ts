/** @jest-environment node */
import 'fake-indexeddb/auto';
import { createPendingOperationQueue, replayRetryDelay, type PendingOperationQueue } from './pending-operation-queue';

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

describe('pending-operation queue: replaying again after a failure that passes', () => {
  const queues: PendingOperationQueue[] = [];
  const make = (options: Parameters<typeof createPendingOperationQueue>[0] = {}) => {
    // No jitter: the waits are the policy's exact back-off (1 s, 2 s, 4 s …).
    const queue = createPendingOperationQueue({ dbName: freshDb(), isOnline: () => true, random: () => 0, ...options });
    queues.push(queue);
    return queue;
  };
  /** The request fetch throws when the network is not really back yet. */
  const noAnswer = () => new TypeError('Failed to fetch');
  /** What the documents area throws for an upload whose file the person already has. */
  class DuplicateAwaitingDecisionError extends Error {
    override name = 'DuplicateAwaitingDecisionError';
  }
  /** IndexedDB (fake-indexeddb) runs on real setImmediate turns: let them pass. */
  const settle = async (turns = 50) => {
    for (let i = 0; i < turns; i += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  /** `ms` of fake time, then what it set off. */
  const after = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
    await settle();
  };

  beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] }));
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.close()));
    jest.useRealTimers();
  });

  it('replays again, waiting longer each time, after a replay that got no answer while online; stops once it is sent', async () => {
    const queue = make();
    const handler = jest.fn().mockRejectedValueOnce(noAnswer()).mockRejectedValueOnce(noAnswer()).mockResolvedValue(undefined);
    await queue.enqueue('document-upload', {});
    queue.registerHandler('document-upload', handler);
    await settle();
    expect(handler).toHaveBeenCalledTimes(1);

    await after(999);
    expect(handler).toHaveBeenCalledTimes(1);
    await after(1);
    expect(handler).toHaveBeenCalledTimes(2);

    await after(1_999);
    expect(handler).toHaveBeenCalledTimes(2);
    await after(1);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(await queue.list()).toEqual([]);

    // Sent: nothing more is scheduled.
    await after(10 * 60_000);
    expect(handler).toHaveBeenCalledTimes(3);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('never replays on the timer an operation waiting for the person (a duplicate decision) or refused', async () => {
    const queue = make();
    const handler = jest.fn(async (operation: { payload: { kind: string } }) => {
      if (operation.payload.kind === 'duplicate') throw new DuplicateAwaitingDecisionError('queued upload waits for a duplicate decision');
      throw Object.assign(new Error('new row violates row-level security policy'), { status: 403 });
    });
    await queue.enqueue('document-upload', { kind: 'duplicate' });
    await queue.enqueue('document-upload', { kind: 'refused' });
    queue.registerHandler('document-upload', handler);
    await settle();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(jest.getTimerCount()).toBe(0);
    await after(10 * 60_000);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('replays again on the timer when one operation got no answer, even beside one waiting for a decision', async () => {
    const queue = make();
    const handler = jest.fn(async (operation: { payload: { kind: string } }) => {
      if (operation.payload.kind === 'duplicate') throw new DuplicateAwaitingDecisionError('queued upload waits for a duplicate decision');
      throw noAnswer();
    });
    await queue.enqueue('document-upload', { kind: 'duplicate' });
    await queue.enqueue('document-upload', { kind: 'no-answer' });
    queue.registerHandler('document-upload', handler);
    await settle();
    expect(handler).toHaveBeenCalledTimes(2);
    await after(1_000);
    expect(handler).toHaveBeenCalledTimes(4);
  });

  it('stops replaying on the timer when the page goes offline, and starts again from the shortest wait when it is back', async () => {
    let online = true;
    const queue = make({ isOnline: () => online });
    const handler = jest.fn().mockRejectedValue(noAnswer());
    queue.registerHandler('document-upload', handler);
    await queue.enqueue('document-upload', {});
    const target = new EventTarget();
    const stop = queue.start(target as unknown as Window);
    await settle();
    const before = handler.mock.calls.length;
    await jest.advanceTimersByTimeAsync(1_000); // one timed replay: the next wait is 2 s
    await settle();
    expect(handler).toHaveBeenCalledTimes(before + 1);

    online = false;
    target.dispatchEvent(new Event('offline'));
    expect(jest.getTimerCount()).toBe(0);
    await after(10 * 60_000);
    expect(handler).toHaveBeenCalledTimes(before + 1);

    online = true;
    target.dispatchEvent(new Event('online'));
    await settle();
    expect(handler).toHaveBeenCalledTimes(before + 2);
    await after(1_000);
    expect(handler).toHaveBeenCalledTimes(before + 3);
    stop();
    expect(jest.getTimerCount()).toBe(0);
  });

  it('stops replaying on the timer when the queue empties (the person chose not to send it)', async () => {
    const queue = make();
    const handler = jest.fn().mockRejectedValue(noAnswer());
    const operation = await queue.enqueue('document-upload', {});
    queue.registerHandler('document-upload', handler);
    await settle();
    expect(jest.getTimerCount()).toBe(1);
    await queue.remove(operation.id);
    expect(jest.getTimerCount()).toBe(0);
    await after(10 * 60_000);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('tries again when the owning area could not be fetched on reconnecting', async () => {
    let loads = 0;
    const replayed = jest.fn().mockResolvedValue(undefined);
    const queue: PendingOperationQueue = make({
      loadHandler: async (type) => {
        loads += 1;
        if (loads === 1) throw Object.assign(new Error('Loading chunk 12 failed'), { name: 'ChunkLoadError' });
        queue.registerHandler(type, replayed);
      },
    });
    await queue.enqueue('document-upload', {});
    await queue.flush();
    expect(replayed).not.toHaveBeenCalled();
    await after(1_000);
    expect(replayed).toHaveBeenCalledTimes(1);
    expect(await queue.list()).toEqual([]);
  });
});

describe('replayRetryDelay', () => {
  it('doubles from 1 s up to a 2-minute cap, also for a lost connection (SPEC §9 caps that at 10 s only inside one request)', () => {
    const noAnswer = new TypeError('Failed to fetch');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((retry) => replayRetryDelay(retry, noAnswer, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 120_000, 120_000,
    ]);
    // Jitter spreads tabs and devices that reconnected together, within the cap.
    expect(replayRetryDelay(1, noAnswer, () => 1)).toBe(1_300);
    expect(replayRetryDelay(20, noAnswer, () => 1)).toBe(120_000);
  });

  it("waits as long as a rate limit's Retry-After says", () => {
    expect(replayRetryDelay(1, { status: 429, retryAfter: 30_000 }, () => 0)).toBe(30_000);
    expect(replayRetryDelay(1, { status: 429 }, () => 0)).toBe(5_000);
  });
});
