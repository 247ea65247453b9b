import { ConstantBackoff, handleWhen, handleWhenResult, retry as retryPolicy, type IBackoff, type IBackoffFactory, type IRetryBackoffContext } from 'cockatiel';
import { DEFAULT_RETRY_POLICY, OPERATION_RETRY_POLICIES, retryDelay, type OperationName, type RetryPolicy } from './retry-policy';

/** Thrown when a download stays empty after the empty-file retries (SPEC §8 "empty file after retry"). */
export class EmptyFileError extends Error {
  override readonly name = 'EmptyFileError';
  constructor() {
    super('The file was still empty after retrying the download');
  }
}

/** Feeds SPEC §9 delays to cockatiel, which owns the retry loop, attempt counting and abort. */
class SpecBackoff implements IBackoff<IRetryBackoffContext<unknown>> {
  constructor(
    private readonly policy: RetryPolicy,
    private readonly random: () => number,
    readonly duration: number,
    private readonly emptyRetries: number,
  ) {}

  static first(policy: RetryPolicy, random: () => number): IBackoffFactory<IRetryBackoffContext<unknown>> {
    return { next: (context) => new SpecBackoff(policy, random, 0, 0).next(context) };
  }

  next(context: IRetryBackoffContext<unknown>): SpecBackoff {
    if ('value' in context.result) {
      const delays = this.policy.emptyResultDelaysMs ?? [this.policy.baseDelayMs];
      const duration = delays[Math.min(this.emptyRetries, delays.length - 1)];
      return new SpecBackoff(this.policy, this.random, duration, this.emptyRetries + 1);
    }
    return new SpecBackoff(this.policy, this.random, retryDelay(context.attempt, context.result.error, this.policy, this.random), this.emptyRetries);
  }
}

export interface RetryOptions {
  signal?: AbortSignal;
  /** Called before each wait, e.g. to show "Retrying..." */
  onRetry?(info: { attempt: number; delayMs: number; error?: unknown }): void;
  /** For tests: the jitter source. */
  random?: () => number;
}

/** Runs `task` under a retry policy (SPEC §9); the last failure is rethrown as is. */
export async function withRetry<T>(task: (attempt: number) => Promise<T> | T, policy: RetryPolicy = DEFAULT_RETRY_POLICY, options: RetryOptions = {}): Promise<T> {
  let handled = handleWhen((error) => policy.shouldRetry(error));
  const isEmpty = policy.isEmptyResult;
  if (isEmpty) handled = handled.orWhenResult((value) => isEmpty(value));
  const runner = retryPolicy(handled, {
    maxAttempts: policy.attempts - 1,
    backoff: SpecBackoff.first(policy, options.random ?? Math.random),
  });
  const listener = options.onRetry
    ? runner.onRetry((event) => options.onRetry?.({ attempt: event.attempt, delayMs: event.delay, error: 'error' in event ? event.error : undefined }))
    : undefined;
  try {
    const value = await runner.execute(({ attempt }) => task(attempt + 1), options.signal);
    if (isEmpty?.(value)) throw new EmptyFileError();
    return value;
  } finally {
    listener?.dispose();
  }
}

/** Runs one of SPEC §9's named operations with its policy. */
export function retryOperation<T>(operation: OperationName, task: (attempt: number) => Promise<T> | T, options?: RetryOptions): Promise<T> {
  return withRetry(task, OPERATION_RETRY_POLICIES[operation], options);
}

/**
 * Asks `task` until `done(value)` holds, `attempts` times `intervalMs` apart (SPEC §9's session
 * poll: 10 times at 500 ms), and resolves the last answer either way. A thrown error ends the poll.
 */
export function pollUntil<T>(
  task: () => Promise<T>,
  done: (value: T) => boolean,
  rule: { attempts: number; intervalMs: number },
  signal?: AbortSignal,
): Promise<T> {
  const runner = retryPolicy(handleWhenResult((value) => !done(value as T)), {
    maxAttempts: rule.attempts - 1,
    backoff: new ConstantBackoff(rule.intervalMs),
  });
  return runner.execute(() => task(), signal);
}
