import { AUTH_ERROR_MESSAGES } from '@dossier/shared/core';
import { classifyAuthError, isOAuthRetryable } from './auth-errors';

describe('classifyAuthError (SPEC §8 sign-in categories)', () => {
  it.each([
    [{ status: 429, message: 'Too many requests' }, 'rate_limited'],
    [{ status: 500, message: 'boom' }, 'server_error'],
    [{ status: 503, message: 'unavailable' }, 'server_error'],
    [{ status: 400, message: 'Invalid login credentials', code: 'invalid_credentials' }, 'invalid_credentials'],
    [{ status: 401, message: 'nope' }, 'invalid_credentials'],
    [{ status: 422, message: 'User already registered', code: 'user_already_exists' }, 'account_conflict'],
    [{ name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' }, 'network_error'],
    [new TypeError('Failed to fetch'), 'network_error'],
    [{ name: 'TimeoutError', message: 'signal timed out' }, 'timeout'],
    [new Error('Popup was blocked by the browser'), 'popup_blocked'],
    [{ code: 'access_denied', message: 'The user denied access' }, 'oauth_cancelled'],
    [new Error('something odd'), 'unknown_error'],
    ['a string', 'unknown_error'],
  ] as const)('%j is %s with its exact message', (error, kind) => {
    const failure = classifyAuthError(error);
    expect(failure.kind).toBe(kind);
    expect(failure.message).toBe(AUTH_ERROR_MESSAGES[kind]);
  });

  it('retries only network, timeout, rate, server and popup kinds', () => {
    const retried = Object.keys(AUTH_ERROR_MESSAGES).filter((kind) => isOAuthRetryable(kind as never));
    expect(retried.sort()).toEqual(['network_error', 'popup_blocked', 'rate_limited', 'server_error', 'timeout']);
  });
});
