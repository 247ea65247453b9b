/** @jest-environment node */
import { RETRY_DEFAULTS } from '../limits';
import { DEFAULT_RETRY_POLICY, OPERATION_RETRY_POLICIES, isEmptyFile, retryDelay } from './retry-policy';

const noJitter = () => 0;
const fullJitter = () => 0.999999;
const server = Object.assign(new Error('down'), { status: 503 });
const offline = new TypeError('Failed to fetch');
const timeout = new DOMException('timed out', 'TimeoutError');
const rateLimited = Object.assign(new Error('slow down'), { status: 429 });

describe('retryDelay (SPEC §9 general defaults)', () => {
  it('starts at 1 s and doubles', () => {
    expect([1, 2, 3, 4].map((n) => retryDelay(n, server, DEFAULT_RETRY_POLICY, noJitter))).toEqual([1000, 2000, 4000, 8000]);
  });

  it('adds up to 30% jitter', () => {
    expect(retryDelay(1, server, DEFAULT_RETRY_POLICY, fullJitter)).toBe(1300);
    expect(retryDelay(2, server, DEFAULT_RETRY_POLICY, () => 0.5)).toBe(2300);
  });

  it('never waits longer than 30 s', () => {
    expect(retryDelay(10, server, DEFAULT_RETRY_POLICY, fullJitter)).toBe(30_000);
  });

  it('waits 5 s on a 429 without Retry-After, and at least 5 s with one', () => {
    expect(retryDelay(1, rateLimited, DEFAULT_RETRY_POLICY, noJitter)).toBe(5000);
    expect(retryDelay(1, Object.assign(rateLimited, {}), DEFAULT_RETRY_POLICY, fullJitter)).toBe(RETRY_DEFAULTS.rateLimitMinDelayMs);
    expect(retryDelay(1, { status: 429, retryAfter: 2000 }, DEFAULT_RETRY_POLICY)).toBe(5000);
    expect(retryDelay(1, { status: 429, retryAfter: 9000 }, DEFAULT_RETRY_POLICY)).toBe(9000);
    expect(retryDelay(1, { status: 429, headers: { 'Retry-After': '8' } }, DEFAULT_RETRY_POLICY)).toBe(8000);
  });

  it('caps a lost connection at 10 s', () => {
    expect(retryDelay(5, offline, DEFAULT_RETRY_POLICY, noJitter)).toBe(10_000);
    expect(retryDelay(2, offline, DEFAULT_RETRY_POLICY, noJitter)).toBe(2000);
  });

  it('waits 1.5 times longer after a time-out', () => {
    expect(retryDelay(1, timeout, DEFAULT_RETRY_POLICY, noJitter)).toBe(1500);
    expect(retryDelay(2, timeout, DEFAULT_RETRY_POLICY, noJitter)).toBe(3000);
  });
});

describe('SPEC §9 per-operation policies', () => {
  const { authenticate, download, upload, delete: remove, folderCreation } = OPERATION_RETRY_POLICIES;

  it('authenticate: 2 attempts, 2 s, network errors only', () => {
    expect(authenticate.attempts).toBe(2);
    expect(retryDelay(1, offline, authenticate, noJitter)).toBe(2000);
    expect(authenticate.shouldRetry(offline)).toBe(true);
    expect(authenticate.shouldRetry(server)).toBe(false);
    expect(authenticate.shouldRetry(timeout)).toBe(false);
  });

  it('download: 3 attempts between 1 and 10 s; empty files wait 2 s then 5 s', () => {
    expect(download.attempts).toBe(3);
    expect(retryDelay(1, server, download, noJitter)).toBe(1000);
    expect(retryDelay(8, server, download, fullJitter)).toBe(10_000);
    expect(download.emptyResultDelaysMs).toEqual([2000, 5000]);
    expect(download.isEmptyResult?.(new Blob([]))).toBe(true);
  });

  it('upload: 3 attempts between 2 and 15 s; never after auth, quota, too-large or permission errors', () => {
    expect(upload.attempts).toBe(3);
    expect(retryDelay(1, server, upload, noJitter)).toBe(2000);
    expect(retryDelay(1, offline, upload, noJitter)).toBe(2000);
    expect(retryDelay(6, server, upload, fullJitter)).toBe(15_000);
    expect(upload.shouldRetry(server)).toBe(true);
    expect(upload.shouldRetry(offline)).toBe(true);
    for (const error of [
      { status: 401 },
      { status: 403, message: 'storage quota exceeded' },
      { status: 413 },
      { status: 403, message: 'forbidden' },
      { driveErrorType: 'file_too_large' },
    ]) {
      expect(upload.shouldRetry(error)).toBe(false);
    }
  });

  it('delete: 3 attempts up to 8 s; never after not-found or permission errors', () => {
    expect(remove.attempts).toBe(3);
    expect(retryDelay(6, server, remove, fullJitter)).toBe(8000);
    expect(remove.shouldRetry(server)).toBe(true);
    expect(remove.shouldRetry({ status: 404 })).toBe(false);
    expect(remove.shouldRetry({ status: 403, message: 'insufficient permissions' })).toBe(false);
  });

  it('folder creation: 3 attempts, 1 s doubling up to 5 s', () => {
    expect(folderCreation.attempts).toBe(3);
    expect([1, 2, 3, 4].map((n) => retryDelay(n, server, folderCreation, noJitter))).toEqual([1000, 2000, 4000, 5000]);
  });

  it('never retries an open circuit', () => {
    const open = Object.assign(new Error('open'), { name: 'CircuitOpenError' });
    expect(upload.shouldRetry(open)).toBe(false);
    expect(remove.shouldRetry(open)).toBe(false);
  });
});

describe('isEmptyFile', () => {
  it('treats zero-byte blobs, buffers and strings as empty', () => {
    expect(isEmptyFile(new ArrayBuffer(0))).toBe(true);
    expect(isEmptyFile(new Uint8Array(0))).toBe(true);
    expect(isEmptyFile('')).toBe(true);
    expect(isEmptyFile(new Blob(['a']))).toBe(false);
    expect(isEmptyFile({ id: 'x' })).toBe(false);
  });
});
