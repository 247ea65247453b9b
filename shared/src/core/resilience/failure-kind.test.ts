/** @jest-environment node */
import { failureKind, isTemporaryFailure, readHttpStatus, retryAfterMs } from './failure-kind';

const withStatus = (status: number, message = 'x') => Object.assign(new Error(message), { status });

describe('readHttpStatus', () => {
  it('reads supabase-js errors, Responses and wrapped responses', () => {
    expect(readHttpStatus(withStatus(401))).toBe(401);
    expect(readHttpStatus(new Response(null, { status: 503 }))).toBe(503);
    expect(readHttpStatus({ context: new Response(null, { status: 429 }) })).toBe(429);
    expect(readHttpStatus({ response: { status: 404 } })).toBe(404);
    expect(readHttpStatus({ statusCode: '413' })).toBe(413);
  });

  it('maps PostgREST codes when no status came with the error', () => {
    expect(readHttpStatus({ code: '42501', message: 'new row violates row-level security policy' })).toBe(403);
    expect(readHttpStatus({ code: 'PGRST301', message: 'JWT expired' })).toBe(401);
    expect(readHttpStatus({ code: '23505', message: 'duplicate key' })).toBe(409);
    expect(readHttpStatus({ code: '22P02', message: 'invalid input syntax' })).toBe(400);
  });

  it('gives nothing for errors without a status', () => {
    expect(readHttpStatus(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(readHttpStatus(null)).toBeUndefined();
  });
});

describe('failureKind (SPEC §8 status mapping)', () => {
  it.each([
    [429, 'x', 'rate-limit'],
    [401, 'x', 'auth'],
    [403, 'The user has exceeded their Drive storage quota', 'quota'],
    [403, 'User rate limit exceeded', 'rate-limit'],
    [403, 'The caller does not have permission', 'permission'],
    [404, 'x', 'not-found'],
    [408, 'x', 'timeout'],
    [413, 'x', 'too-large'],
    [400, 'x', 'client'],
    [500, 'x', 'server'],
    [502, 'x', 'server'],
    [503, 'x', 'server'],
    [504, 'x', 'server'],
  ])('status %i (%s) is %s', (status, message, kind) => {
    expect(failureKind(withStatus(status, message))).toBe(kind);
  });

  it('recognises lost connections and time-outs without a status', () => {
    expect(failureKind(new TypeError('Failed to fetch'))).toBe('network');
    expect(failureKind(Object.assign(new Error('x'), { name: 'AuthRetryableFetchError' }))).toBe('network');
    expect(failureKind(new DOMException('signal timed out', 'TimeoutError'))).toBe('timeout');
    expect(failureKind(new Error('Request timeout'))).toBe('timeout');
    expect(failureKind(new Error('boom'))).toBe('unknown');
  });

  it('trusts a drive error kind over its status', () => {
    expect(failureKind({ driveErrorType: 'quota_exceeded', status: 500 })).toBe('quota');
    expect(failureKind({ driveErrorType: 'api_error' })).toBe('server');
  });

  it("reads an expired Drive upload session (404/410 on its URL) as an expiry to retry, not a missing thing", () => {
    const expired = { driveErrorType: 'upload_failed', status: 404, reason: 'uploadSessionExpired' };
    expect(failureKind(expired)).toBe('timeout');
    expect(isTemporaryFailure(expired)).toBe(true);
    expect(failureKind({ ...expired, status: 410 })).toBe('timeout');
    // Any other 404 stays a missing thing.
    expect(failureKind({ driveErrorType: 'upload_failed', status: 404 })).toBe('not-found');
  });

  it('counts only rate limits, lost connections, time-outs and server errors as temporary', () => {
    expect(isTemporaryFailure(withStatus(503))).toBe(true);
    expect(isTemporaryFailure(withStatus(429))).toBe(true);
    expect(isTemporaryFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTemporaryFailure(withStatus(403))).toBe(false);
    expect(isTemporaryFailure(withStatus(400))).toBe(false);
    expect(isTemporaryFailure(new Error('boom'))).toBe(false);
  });
});

describe('retryAfterMs', () => {
  it('reads retryAfter in ms, Retry-After seconds and Retry-After dates', () => {
    expect(retryAfterMs({ retryAfter: 7000 })).toBe(7000);
    expect(retryAfterMs({ context: new Response(null, { status: 429, headers: { 'Retry-After': '12' } }) })).toBe(12_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs({ headers: { 'retry-after': 'Thu, 01 Jan 2026 00:00:20 GMT' } }, now)).toBe(20_000);
    expect(retryAfterMs(withStatus(429))).toBeUndefined();
  });
});
