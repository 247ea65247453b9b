import { retryDelay, type RetryPolicy } from './retry-policy';

/**
 * The one retry policy (ADR 0400) spoken in the two libraries that run their own retry loops:
 * TanStack Query (queries, mutations) and tus-js-client (resumable uploads). cockatiel reads a
 * RetryPolicy directly (./retry.ts). Which failures retry, how often and how long to wait all
 * come from the policy; the libraries only count.
 */

/** TanStack Query's `retry` and `retryDelay` options; TanStack's `failureCount` is 0 before the first retry. */
export function queryRetryOptions(policy: RetryPolicy): {
  retry: (failureCount: number, error: unknown) => boolean;
  retryDelay: (failureCount: number, error: unknown) => number;
} {
  return {
    retry: (failureCount, error) => failureCount < policy.attempts - 1 && policy.shouldRetry(error),
    retryDelay: (failureCount, error) => retryDelay(failureCount + 1, error, policy),
  };
}

/**
 * tus-js-client's `retryDelays` and `onShouldRetry`. `readFailure` turns tus's DetailedError into
 * an error the policy reads (its HTTP status; 0 when no answer came). Offline, tus does not retry:
 * the upload fails at once and the offline queue, which waits for the connection, owns it.
 * tus counts retries per stall: an upload that moved on since its last retry starts counting again.
 */
export function tusRetryOptions<E>(
  policy: RetryPolicy,
  readFailure: (error: E) => unknown,
): { retryDelays: number[]; onShouldRetry: (error: E) => boolean } {
  return {
    // tus takes fixed waits: the policy's back-off without jitter (an upload is one client's own).
    retryDelays: Array.from({ length: policy.attempts - 1 }, (_, i) => retryDelay(i + 1, undefined, policy, () => 0)),
    onShouldRetry: (error) => (typeof navigator === 'undefined' || navigator.onLine !== false) && policy.shouldRetry(readFailure(error)),
  };
}
