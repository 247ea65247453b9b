import { OAUTH_SIGN_IN_RETRY } from '@dossier/shared/core';
import { classifyAuthError, isOAuthRetryable, type AuthFailure } from './auth-errors';

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Thrown when the identity-provider sign-in gives up; carries the classified failure. */
export class AuthFailureError extends Error {
  constructor(readonly failure: AuthFailure) {
    super(failure.message);
    this.name = 'AuthFailureError';
  }
}

/**
 * SPEC §8: identity-provider sign-in retries up to 3 attempts with 1 s then 2 s back-off, only
 * for the network, timeout, rate, server and popup kinds. supabase-js reports failures both as
 * thrown errors and as `{ error }` results; `attempt` should throw in both cases.
 */
export async function withOAuthRetry<T>(attempt: () => Promise<T>, wait: Sleep = sleep): Promise<T> {
  const { attempts, delaysMs } = OAUTH_SIGN_IN_RETRY;
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      const failure = error instanceof AuthFailureError ? error.failure : classifyAuthError(error);
      if (n >= attempts || !isOAuthRetryable(failure.kind)) throw new AuthFailureError(failure);
      await wait(delaysMs[Math.min(n - 1, delaysMs.length - 1)]);
    }
  }
}
