import { OPERATION_RETRY, QUERY_DEFAULTS, RETRY_DEFAULTS } from '../limits';
import { failureKind, isTemporaryFailure, retryAfterMs, type FailureKind } from './failure-kind';

/** How one kind of operation is retried (SPEC §9). */
export interface RetryPolicy {
  /** Total tries including the first. */
  attempts: number;
  baseDelayMs: number;
  /** No back-off is shorter (download 1 s, upload 2 s). */
  minDelayMs: number;
  maxDelayMs: number;
  multiplier: number;
  /** Random extra of up to this share of the delay, so clients that failed together spread out. */
  jitterRatio: number;
  /** Which failures are worth another try. */
  shouldRetry(error: unknown): boolean;
  /**
   * Fixed waits per retry (SPEC's "1 s then 2 s" rules): they replace the exponential back-off and
   * its adjustments (jitter, timeout and rate-limit waits), capped only by `maxDelayMs`.
   */
  fixedDelaysMs?: readonly number[];
  /** A successful answer that still means "try again" (the drive's empty download). */
  isEmptyResult?(value: unknown): boolean;
  /** Waits before retrying an empty result: 2 s then 5 s for downloads. */
  emptyResultDelaysMs?: readonly number[];
}

/**
 * Answers that retrying cannot change (ADR 0400): the request itself is wrong or not allowed, or
 * the thing is not there (403, 404, 409, 413, 401, a full quota). No policy ever retries them.
 */
export const NEVER_RETRIED_KINDS: readonly FailureKind[] = ['auth', 'permission', 'quota', 'too-large', 'not-found', 'client'];

/** Retries all but a refusal (above) and an open circuit: uploads and deletes, whose failures without a status may pass. */
function retryUnlessRefused(error: unknown): boolean {
  // An open circuit answers at once by design; retrying it would only spin.
  if ((error as Error | undefined)?.name === 'CircuitOpenError') return false;
  return !NEVER_RETRIED_KINDS.includes(failureKind(error));
}

/** SPEC §9 general retry defaults; only temporary failures are retried. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: RETRY_DEFAULTS.attempts,
  baseDelayMs: RETRY_DEFAULTS.baseDelayMs,
  minDelayMs: 0,
  maxDelayMs: RETRY_DEFAULTS.maxDelayMs,
  multiplier: RETRY_DEFAULTS.multiplier,
  jitterRatio: RETRY_DEFAULTS.jitterRatio,
  shouldRetry: isTemporaryFailure,
};

export type OperationName = 'authenticate' | 'download' | 'upload' | 'delete' | 'folderCreation';

/** SPEC §9 per-operation policies. */
export const OPERATION_RETRY_POLICIES: Record<OperationName, RetryPolicy> = {
  authenticate: {
    ...DEFAULT_RETRY_POLICY,
    attempts: OPERATION_RETRY.authenticate.attempts,
    baseDelayMs: OPERATION_RETRY.authenticate.baseDelayMs,
    // Only a lost connection is worth a second sign-in attempt; anything else needs the person.
    shouldRetry: (error) => failureKind(error) === 'network',
  },
  download: {
    ...DEFAULT_RETRY_POLICY,
    attempts: OPERATION_RETRY.download.attempts,
    baseDelayMs: OPERATION_RETRY.download.minDelayMs,
    minDelayMs: OPERATION_RETRY.download.minDelayMs,
    maxDelayMs: OPERATION_RETRY.download.maxDelayMs,
    isEmptyResult: isEmptyFile,
    emptyResultDelaysMs: OPERATION_RETRY.download.emptyFileDelaysMs,
  },
  upload: {
    ...DEFAULT_RETRY_POLICY,
    attempts: OPERATION_RETRY.upload.attempts,
    baseDelayMs: OPERATION_RETRY.upload.minDelayMs,
    minDelayMs: OPERATION_RETRY.upload.minDelayMs,
    maxDelayMs: OPERATION_RETRY.upload.maxDelayMs,
    // A failure with no answer and no status (a thrown TypeError mid-chunk) may pass: retried.
    shouldRetry: retryUnlessRefused,
  },
  delete: {
    ...DEFAULT_RETRY_POLICY,
    attempts: OPERATION_RETRY.delete.attempts,
    maxDelayMs: OPERATION_RETRY.delete.maxDelayMs,
    shouldRetry: retryUnlessRefused,
  },
  folderCreation: {
    ...DEFAULT_RETRY_POLICY,
    attempts: OPERATION_RETRY.folderCreation.attempts,
    baseDelayMs: OPERATION_RETRY.folderCreation.baseDelayMs,
    maxDelayMs: OPERATION_RETRY.folderCreation.maxDelayMs,
  },
};

/**
 * SPEC §7's data queries: 2 retries, 1 s doubling to 30 s, exact (TanStack retries a page's
 * queries one by one as they fail, so they do not fail together), only temporary failures.
 */
export const QUERY_RETRY_POLICY: RetryPolicy = {
  ...DEFAULT_RETRY_POLICY,
  attempts: QUERY_DEFAULTS.maxRetries + 1,
  baseDelayMs: QUERY_DEFAULTS.retryBaseMs,
  maxDelayMs: QUERY_DEFAULTS.retryMaxMs,
  jitterRatio: 0,
};

/** SPEC §7's mutations: one retry, the same rule (a refused write is never sent again). */
export const MUTATION_RETRY_POLICY: RetryPolicy = { ...QUERY_RETRY_POLICY, attempts: QUERY_DEFAULTS.mutationRetries + 1 };

/** An empty download: a zero-byte Blob/ArrayBuffer/typed array or an empty string. */
export function isEmptyFile(value: unknown): boolean {
  if (value === '') return true;
  if (typeof Blob !== 'undefined' && value instanceof Blob) return value.size === 0;
  if (value instanceof ArrayBuffer) return value.byteLength === 0;
  if (ArrayBuffer.isView(value)) return value.byteLength === 0;
  return false;
}

/**
 * A policy of SPEC's literal kind: `attempts` tries, waiting exactly `delaysMs[i]` before retry
 * i+1 (the last wait repeats), capped at `maxDelayMs`; `shouldRetry` says which failures count.
 * Sign-in, the Drive interface and the automatic reload of an area use it.
 */
export function fixedRetryPolicy(rule: {
  attempts: number;
  delaysMs: readonly number[];
  maxDelayMs?: number;
  shouldRetry: (error: unknown) => boolean;
}): RetryPolicy {
  return {
    ...DEFAULT_RETRY_POLICY,
    attempts: rule.attempts,
    fixedDelaysMs: rule.delaysMs,
    maxDelayMs: rule.maxDelayMs ?? Number.POSITIVE_INFINITY,
    shouldRetry: rule.shouldRetry,
  };
}

/**
 * The wait before retry number `retry` (1 for the first retry) after `error` (SPEC §9):
 * base × multiplier^(retry-1) plus up to 30% jitter, capped at the policy's maximum; a timeout
 * waits 1.5× longer; a lost connection at most 10 s; a rate limit at least 5 s (or Retry-After).
 */
export function retryDelay(retry: number, error: unknown, policy: RetryPolicy = DEFAULT_RETRY_POLICY, random: () => number = Math.random): number {
  const fixed = policy.fixedDelaysMs;
  // SPEC's literal "1 s then 2 s" rules are exact: no jitter, no stretching.
  if (fixed) return Math.min(fixed[Math.min(retry, fixed.length) - 1], policy.maxDelayMs);
  const kind = failureKind(error);
  if (kind === 'rate-limit') {
    return Math.max(retryAfterMs(error) ?? RETRY_DEFAULTS.rateLimitMinDelayMs, RETRY_DEFAULTS.rateLimitMinDelayMs);
  }
  let delay = policy.baseDelayMs * policy.multiplier ** (retry - 1);
  delay += delay * policy.jitterRatio * random();
  if (kind === 'timeout') delay *= RETRY_DEFAULTS.timeoutDelayMultiplier;
  delay = Math.min(delay, policy.maxDelayMs);
  if (kind === 'network') delay = Math.min(delay, RETRY_DEFAULTS.networkMaxDelayMs);
  return Math.round(Math.max(delay, policy.minDelayMs));
}
