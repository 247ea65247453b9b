/** @jest-environment node */
import { createQueryClient, QUERY_CLIENT_DEFAULTS } from './query-client';
import { DataError } from '../errors/read-result';

const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status });
const { retry: shouldRetryQuery, retryDelay: queryRetryDelay } = QUERY_CLIENT_DEFAULTS.queries;
const { retry: shouldRetryMutation } = QUERY_CLIENT_DEFAULTS.mutations;

describe('SPEC §7 query retry rules (the one retry policy, ADR 0400)', () => {
  it('never retries 401 or 403, from supabase-js errors, PostgREST codes or Responses', () => {
    expect(shouldRetryQuery(0, httpError(401))).toBe(false);
    expect(shouldRetryQuery(0, httpError(403))).toBe(false);
    expect(shouldRetryQuery(0, { code: '42501', message: 'permission denied for table documents' })).toBe(false);
    expect(shouldRetryQuery(0, { code: 'PGRST301', message: 'JWT expired' })).toBe(false);
    expect(shouldRetryQuery(0, new Response(null, { status: 401 }))).toBe(false);
  });

  it('never retries a 404 or a 409: asking again cannot make the row appear or the conflict go', () => {
    expect(shouldRetryQuery(0, httpError(404))).toBe(false);
    expect(shouldRetryQuery(0, httpError(409))).toBe(false);
    expect(shouldRetryQuery(0, new DataError('get document: not found', { status: 406, code: 'PGRST116' }))).toBe(false);
    expect(shouldRetryQuery(0, { code: '23505', message: 'duplicate key value' })).toBe(false);
  });

  it('retries a lost connection, a 5xx or a 429 up to 2 times', () => {
    expect(shouldRetryQuery(0, httpError(500))).toBe(true);
    expect(shouldRetryQuery(0, httpError(429))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(0, new DataError('list: TypeError: Failed to fetch', { status: 0 }))).toBe(true);
    expect(shouldRetryQuery(2, httpError(500))).toBe(false);
  });

  it('doubles the wait from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => queryRetryDelay(n, httpError(500)))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('waits at least 5 s after a rate limit', () => {
    expect(queryRetryDelay(0, httpError(429))).toBe(5000);
  });

  it('mutations retry once, never after a refusal', () => {
    expect(shouldRetryMutation(0, httpError(503))).toBe(true);
    expect(shouldRetryMutation(1, httpError(503))).toBe(false);
    expect(shouldRetryMutation(0, httpError(409))).toBe(false);
    expect(shouldRetryMutation(0, httpError(403))).toBe(false);
    expect(shouldRetryMutation(0, { code: '23505', message: 'duplicate key value' })).toBe(false);
    expect(shouldRetryMutation(0, new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('createQueryClient', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('has no refetch on focus and keeps data fresh for 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false);
    expect(defaults.queries?.staleTime).toBe(5 * 60_000);
  });

  it('a failing query runs 3 times, 1 s and 2 s apart', async () => {
    const client = createQueryClient();
    const queryFn = jest.fn(async () => {
      throw httpError(500);
    });
    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn }).catch((error: unknown) => error);
    await jest.advanceTimersByTimeAsync(999);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(queryFn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(await result).toMatchObject({ status: 500 });
    client.clear();
  });

  it('a 401 query fails at once', async () => {
    const client = createQueryClient();
    const queryFn = jest.fn(async () => {
      throw httpError(401);
    });
    await expect(client.fetchQuery({ queryKey: ['private'], queryFn })).rejects.toMatchObject({ status: 401 });
    expect(queryFn).toHaveBeenCalledTimes(1);
    client.clear();
  });

  it("a 404 or 409 query fails at once (TanStack's own default would try 4 times)", async () => {
    const client = createQueryClient();
    for (const status of [404, 409]) {
      const queryFn = jest.fn(async () => {
        throw httpError(status);
      });
      await expect(client.fetchQuery({ queryKey: ['gone', status], queryFn })).rejects.toMatchObject({ status });
      expect(queryFn).toHaveBeenCalledTimes(1);
    }
    client.clear();
  });

  it('a fresh answer is reused within 5 minutes and fetched again after', async () => {
    const client = createQueryClient();
    const queryFn = jest.fn(async () => 'categories');
    await client.fetchQuery({ queryKey: ['c'], queryFn });
    await client.fetchQuery({ queryKey: ['c'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(5 * 60_000 + 1);
    await client.fetchQuery({ queryKey: ['c'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
    client.clear();
  });

  it('a mutation failing with 500 runs twice; with 422 once', async () => {
    const client = createQueryClient();
    const failing = (status: number) =>
      jest.fn(async () => {
        throw httpError(status);
      });
    const server = failing(500);
    const run = client.getMutationCache().build(client, { mutationFn: server }).execute(undefined).catch(() => 'failed');
    await jest.advanceTimersByTimeAsync(1000);
    await expect(run).resolves.toBe('failed');
    expect(server).toHaveBeenCalledTimes(2);
    const invalid = failing(422);
    await expect(client.getMutationCache().build(client, { mutationFn: invalid }).execute(undefined)).rejects.toMatchObject({ status: 422 });
    expect(invalid).toHaveBeenCalledTimes(1);
    client.clear();
  });
});

describe('a page opened offline', () => {
  it('starts with TanStack offline, so cached queries pause instead of failing', () => {
    const { onlineManager } = jest.requireActual<typeof import('@tanstack/react-query')>('@tanstack/react-query');
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true });
    try {
      createQueryClient();
      expect(onlineManager.isOnline()).toBe(false);
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else delete (globalThis as { navigator?: unknown }).navigator;
      onlineManager.setOnline(true);
    }
  });
});
