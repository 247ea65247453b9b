import { AUTH_ERROR_MESSAGES } from '@dossier/shared/core';
import { AuthFailureError, withOAuthRetry } from './oauth-retry';

describe('withOAuthRetry (SPEC §8: 3 attempts, 1 s then 2 s)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const networkError = () => Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 });

  it('waits 1 s, then 2 s, then succeeds on the third attempt', async () => {
    const attempt = jest.fn().mockRejectedValueOnce(networkError()).mockRejectedValueOnce({ status: 503 }).mockResolvedValue('ok');
    const result = withOAuthRetry(attempt);
    await jest.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(999);
    expect(attempt).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(attempt).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(attempt).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it('gives up after 3 attempts with the classified message', async () => {
    const attempt = jest.fn().mockRejectedValue({ status: 429, message: 'slow down' });
    const result = withOAuthRetry(attempt);
    const settled = expect(result).rejects.toMatchObject({ message: AUTH_ERROR_MESSAGES.rate_limited });
    await jest.advanceTimersByTimeAsync(3_000);
    await settled;
    expect(attempt).toHaveBeenCalledTimes(3);
  });

  it.each([
    [{ status: 400, message: 'bad' }, 'invalid_credentials'],
    [{ code: 'access_denied', message: 'denied' }, 'oauth_cancelled'],
    [{ code: 'user_already_exists', status: 422 }, 'account_conflict'],
    [new Error('weird'), 'unknown_error'],
  ])('does not retry %j', async (error, kind) => {
    const attempt = jest.fn().mockRejectedValue(error);
    await expect(withOAuthRetry(attempt)).rejects.toBeInstanceOf(AuthFailureError);
    await expect(withOAuthRetry(attempt)).rejects.toMatchObject({ failure: { kind } });
    expect(attempt).toHaveBeenCalledTimes(2);
  });
});
