/** @jest-environment node */
import { DEFAULT_RETRY_POLICY, OPERATION_RETRY_POLICIES, fixedRetryPolicy } from './retry-policy';
import { EmptyFileError, pollUntil, retryOperation, withRetry } from './retry';

const server = () => Object.assign(new Error('down'), { status: 503 });
const noJitter = () => 0;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Lets the retry loop reach its next wait, then passes `ms` of fake time. */
const pass = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('withRetry', () => {
  it('tries 3 times with 1 s then 2 s between tries, then gives up with the last error', async () => {
    const task = jest.fn(async () => {
      throw server();
    });
    const result = withRetry(task, DEFAULT_RETRY_POLICY, { random: noJitter }).catch((error: unknown) => error);
    await pass(0);
    expect(task).toHaveBeenCalledTimes(1);
    await pass(999);
    expect(task).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(task).toHaveBeenCalledTimes(2);
    await pass(1999);
    expect(task).toHaveBeenCalledTimes(2);
    await pass(1);
    expect(task).toHaveBeenCalledTimes(3);
    await pass(60_000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ status: 503 });
  });

  it('returns the first success and reports each retry', async () => {
    const onRetry = jest.fn();
    let calls = 0;
    const result = withRetry(
      async (attempt) => {
        calls += 1;
        if (attempt < 2) throw server();
        return `ok on ${attempt}`;
      },
      DEFAULT_RETRY_POLICY,
      { random: noJitter, onRetry },
    );
    await pass(1000);
    await expect(result).resolves.toBe('ok on 2');
    expect(calls).toBe(2);
    expect(onRetry).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1, delayMs: 1000 }));
  });

  it('does not retry a failure the policy does not cover', async () => {
    const task = jest.fn(async () => {
      throw Object.assign(new Error('bad'), { status: 400 });
    });
    await expect(withRetry(task)).rejects.toMatchObject({ status: 400 });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits 5 s after a 429', async () => {
    const task = jest
      .fn<Promise<string>, [number]>()
      .mockRejectedValueOnce(Object.assign(new Error('slow down'), { status: 429 }))
      .mockResolvedValueOnce('ok');
    const result = withRetry(task, DEFAULT_RETRY_POLICY, { random: noJitter });
    await pass(4999);
    expect(task).toHaveBeenCalledTimes(1);
    await pass(1);
    await expect(result).resolves.toBe('ok');
  });

  it('uses fixed waits when the policy names them (1 s then 2 s)', async () => {
    const task = jest.fn(async () => {
      throw server();
    });
    const result = withRetry(task, { ...DEFAULT_RETRY_POLICY, fixedDelaysMs: [1000, 2000] }, { random: () => 0.9 }).catch(() => 'failed');
    await pass(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await pass(2000);
    expect(task).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe('failed');
  });
});

describe('fixedRetryPolicy (SPEC\'s literal "1 s then 2 s" rules)', () => {
  it('waits exactly the named delays, even after a 429 or a timeout, and retries only what it names', async () => {
    const policy = fixedRetryPolicy({ attempts: 3, delaysMs: [1000, 2000], shouldRetry: (error) => (error as { status?: number }).status !== 401 });
    const task = jest
      .fn<Promise<string>, [number]>()
      .mockRejectedValueOnce(Object.assign(new Error('slow down'), { status: 429 }))
      .mockRejectedValueOnce(Object.assign(new Error('timed out'), { status: 408 }))
      .mockResolvedValueOnce('ok');
    const result = withRetry(task, policy, { random: () => 0.9 });
    await pass(1000);
    expect(task).toHaveBeenCalledTimes(2);
    await pass(2000);
    await expect(result).resolves.toBe('ok');
    const refused = jest.fn(async () => Promise.reject(Object.assign(new Error('no'), { status: 401 })));
    await expect(withRetry(refused, policy)).rejects.toThrow('no');
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

describe('pollUntil', () => {
  it('asks until the answer is good, at the interval, and gives the last answer after the last try', async () => {
    const answers = jest.fn<Promise<number>, []>().mockResolvedValueOnce(0).mockResolvedValueOnce(0).mockResolvedValue(7);
    const found = pollUntil(answers, (n) => n > 0, { attempts: 5, intervalMs: 500 });
    await pass(499);
    expect(answers).toHaveBeenCalledTimes(1);
    await pass(501);
    await expect(found).resolves.toBe(7);
    expect(answers).toHaveBeenCalledTimes(3);
    const never = jest.fn(async () => 0);
    const last = pollUntil(never, (n) => n > 0, { attempts: 4, intervalMs: 500 });
    await pass(10_000);
    await expect(last).resolves.toBe(0);
    expect(never).toHaveBeenCalledTimes(4);
  });
});

describe('retryOperation', () => {
  it('download: an empty file is fetched again after 2 s and then 5 s', async () => {
    const task = jest.fn<Promise<Blob>, [number]>().mockResolvedValueOnce(new Blob([])).mockResolvedValueOnce(new Blob([])).mockResolvedValueOnce(new Blob(['pdf']));
    const result = retryOperation('download', task);
    await pass(1999);
    expect(task).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(task).toHaveBeenCalledTimes(2);
    await pass(4999);
    expect(task).toHaveBeenCalledTimes(2);
    await pass(1);
    expect((await result).size).toBe(3);
  });

  it('download: a file still empty after the retries fails with EmptyFileError', async () => {
    const result = retryOperation('download', async () => new Blob([])).catch((error: unknown) => error);
    await pass(7000);
    expect(await result).toBeInstanceOf(EmptyFileError);
  });

  it('upload: a quota error is not retried', async () => {
    const task = jest.fn(async () => {
      throw Object.assign(new Error('storage quota exceeded'), { status: 403 });
    });
    await expect(retryOperation('upload', task)).rejects.toThrow('quota');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('authenticate: one retry after 2 s on a lost connection', async () => {
    const task = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const result = retryOperation('authenticate', task, { random: noJitter }).catch(() => 'failed');
    await pass(1999);
    expect(task).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(task).toHaveBeenCalledTimes(OPERATION_RETRY_POLICIES.authenticate.attempts);
    await pass(30_000);
    expect(task).toHaveBeenCalledTimes(2);
    await expect(result).resolves.toBe('failed');
  });
});
