import type { DetailedError } from 'tus-js-client';
import { isNetworkFailure } from '@dossier/shared/core';
import { RESUMABLE_CHUNK_SIZE, RESUMABLE_RETRY, uploadFailure, uploadFingerprint } from './storage';

/** tus-js-client's error as it reaches onError: with the server's answer, or without one. */
function tusError(status: number | null, body = ''): DetailedError {
  const response = status === null ? null : { getStatus: () => status, getBody: () => body, getHeader: () => undefined, getUnderlyingObject: () => null };
  return Object.assign(new Error('tus failed'), { originalRequest: null, originalResponse: response, causingError: null }) as unknown as DetailedError;
}

describe('resumable upload failures', () => {
  it('reads a failure without an answer as a network failure, so the upload is queued offline', () => {
    const failure = uploadFailure(tusError(null));
    expect(failure.status).toBe(0);
    expect(isNetworkFailure(failure)).toBe(true);
  });

  it('keeps the status and Storage error code of a refusal, which is not queued', () => {
    const failure = uploadFailure(tusError(413, JSON.stringify({ statusCode: '413', error: 'Payload too large', message: 'too big' })));
    expect(failure.status).toBe(413);
    expect(failure.code).toBe('Payload too large');
    expect(isNetworkFailure(failure)).toBe(false);
    expect(uploadFailure(tusError(403, 'not json')).status).toBe(403);
  });

  it('remembers an upload under its object path, the same for a replay of the same document', () => {
    expect(uploadFingerprint('u1/d1/scan.pdf')).toBe(uploadFingerprint('u1/d1/scan.pdf'));
    expect(uploadFingerprint('u1/d1/scan.pdf')).not.toBe(uploadFingerprint('u1/d2/scan.pdf'));
  });

  it('sends the 6 MB chunks Supabase Storage requires', () => {
    expect(RESUMABLE_CHUNK_SIZE).toBe(6 * 1024 * 1024);
  });

  it("retries a dropped request or a 5xx/429 from the server's offset, never a refusal such as 409 'already exists' (tus's own default retried 409)", () => {
    const retry = (error: DetailedError) => RESUMABLE_RETRY.onShouldRetry(error);
    expect(retry(tusError(null))).toBe(true);
    expect(retry(tusError(503))).toBe(true);
    expect(retry(tusError(429))).toBe(true);
    for (const status of [409, 404, 403, 401, 413]) expect(retry(tusError(status, JSON.stringify({ error: 'Duplicate', message: 'The resource already exists' })))).toBe(false);
    expect(RESUMABLE_RETRY.retryDelays).toEqual([2000, 4000]);
  });
});
