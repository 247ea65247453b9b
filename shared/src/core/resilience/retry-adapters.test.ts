import { DataError } from '../errors/read-result';
import { queryRetryOptions, tusRetryOptions } from './retry-adapters';
import { DEFAULT_RETRY_POLICY, OPERATION_RETRY_POLICIES } from './retry-policy';
import { withRetry } from './retry';

const setOnline = (online: boolean) => Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
const answered = (status: number) => new DataError(`HTTP ${status}`, { status });
const noAnswer = () => new DataError('upload failed: network error', { status: 0, code: 'network' });

/** The same failures, asked of all three retry loops: they must agree (ADR 0400). */
const REFUSALS = [403, 404, 409, 401, 413, 422];
const TEMPORARY = [500, 503, 429];

describe('one retry policy feeds cockatiel, TanStack Query and tus-js-client', () => {
  afterEach(() => setOnline(true));

  const upload = OPERATION_RETRY_POLICIES.upload;
  const tus = tusRetryOptions(upload, (e: DataError) => e);
  const query = queryRetryOptions(DEFAULT_RETRY_POLICY);

  it.each(REFUSALS)('HTTP %i is never retried by any of them', async (status) => {
    expect(upload.shouldRetry(answered(status))).toBe(false);
    expect(OPERATION_RETRY_POLICIES.delete.shouldRetry(answered(status))).toBe(false);
    expect(query.retry(0, answered(status))).toBe(false);
    expect(tus.onShouldRetry(answered(status))).toBe(false);
    const task = jest.fn(async () => {
      throw answered(status);
    });
    await expect(withRetry(task, upload)).rejects.toMatchObject({ status });
    expect(task).toHaveBeenCalledTimes(1);
  });

  it.each(TEMPORARY)('HTTP %i is retried by all of them', (status) => {
    expect(upload.shouldRetry(answered(status))).toBe(true);
    expect(query.retry(0, answered(status))).toBe(true);
    expect(tus.onShouldRetry(answered(status))).toBe(true);
  });

  it('a request that got no answer is retried by all of them', () => {
    expect(upload.shouldRetry(noAnswer())).toBe(true);
    expect(query.retry(0, noAnswer())).toBe(true);
    expect(tus.onShouldRetry(noAnswer())).toBe(true);
  });

  it('offline, tus gives the upload to the offline queue at once instead of retrying', () => {
    setOnline(false);
    expect(tus.onShouldRetry(noAnswer())).toBe(false);
  });

  it("tus waits the upload policy's back-off, as many times as the policy retries", () => {
    expect(tus.retryDelays).toEqual([2000, 4000]);
    expect(tus.retryDelays).toHaveLength(upload.attempts - 1);
  });

  it('TanStack counts tries as the policy does', () => {
    expect(query.retry(DEFAULT_RETRY_POLICY.attempts - 2, answered(500))).toBe(true);
    expect(query.retry(DEFAULT_RETRY_POLICY.attempts - 1, answered(500))).toBe(false);
  });
});
