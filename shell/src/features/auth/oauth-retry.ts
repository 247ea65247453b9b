import { OAUTH_SIGN_IN_RETRY, fixedRetryPolicy, withRetry, type RetryOptions } from '@dossier/shared/core';
import { classifyAuthError, isOAuthRetryable, type AuthFailure } from './auth-errors';

/** Thrown when the identity-provider sign-in gives up; carries the classified failure. */
export class AuthFailureError extends Error {
  constructor(readonly failure: AuthFailure) {
    super(failure.message);
    this.name = 'AuthFailureError';
  }
}

const readFailure = (error: unknown): AuthFailure => (error instanceof AuthFailureError ? error.failure : classifyAuthError(error));

/** SPEC §8: 3 attempts, 1 s then 2 s, only for the network, timeout, rate, server and popup kinds. */
const OAUTH_RETRY_POLICY = fixedRetryPolicy({
  attempts: OAUTH_SIGN_IN_RETRY.attempts,
  delaysMs: OAUTH_SIGN_IN_RETRY.delaysMs,
  shouldRetry: (error) => isOAuthRetryable(readFailure(error).kind),
});

/**
 * SPEC §8: identity-provider sign-in retries by the shared retry mechanism (cockatiel) under
 * SPEC's sign-in rule. supabase-js reports failures both as thrown errors and as `{ error }`
 * results; `attempt` should throw in both cases. The give-up is an AuthFailureError.
 */
export async function withOAuthRetry<T>(attempt: () => Promise<T>, options?: RetryOptions): Promise<T> {
  try {
    return await withRetry(() => attempt(), OAUTH_RETRY_POLICY, options);
  } catch (error) {
    throw new AuthFailureError(readFailure(error));
  }
}
