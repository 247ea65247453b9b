import { BrokenCircuitError, CircuitState, circuitBreaker, handleWhen, type CircuitBreakerPolicy, type IBreaker } from 'cockatiel';
import { CIRCUIT_BREAKER } from '../limits';
import { isTemporaryFailure } from './failure-kind';

/**
 * Opens after `threshold` failures inside a sliding window (SPEC §9: 5 failures within 5 minutes);
 * any success forgets them. cockatiel's own breakers count consecutive failures or ratios, neither
 * of which is SPEC's rule, so this plugs the window into cockatiel's breaker interface.
 */
export class FailureWindowBreaker implements IBreaker {
  state: number[] = [];
  constructor(
    private readonly threshold: number = CIRCUIT_BREAKER.failureThreshold,
    private readonly windowMs: number = CIRCUIT_BREAKER.monitoringWindowMs,
  ) {}

  success(): void {
    this.state = [];
  }

  failure(): boolean {
    const now = Date.now();
    this.state = [...this.state.filter((at) => now - at < this.windowMs), now];
    return this.state.length >= this.threshold;
  }
}

export type CircuitStatus = 'closed' | 'open' | 'half-open';

/** Thrown instead of calling the operation while its circuit is open. */
export class CircuitOpenError extends Error {
  override readonly name = 'CircuitOpenError';
  constructor(readonly operation: string) {
    super(`${operation} is paused after repeated failures; it will be tried again shortly`);
  }
}

export interface OperationCircuit {
  readonly operation: string;
  execute<T>(task: () => Promise<T> | T): Promise<T>;
  status(): CircuitStatus;
}

const STATUS: Partial<Record<CircuitState, CircuitStatus>> = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'open',
};

/**
 * A circuit for one operation (SPEC §4/§9): opens after 5 temporary failures within 5 minutes,
 * stays open 60 s, then lets one probe through (half-open); a success closes it.
 * Permanent failures (auth, permission, not found, ...) pass through without counting.
 */
export function createCircuit(operation: string, options: { threshold?: number; windowMs?: number; openMs?: number } = {}): OperationCircuit {
  const policy: CircuitBreakerPolicy = circuitBreaker(handleWhen(isTemporaryFailure), {
    halfOpenAfter: options.openMs ?? CIRCUIT_BREAKER.resetMs,
    breaker: new FailureWindowBreaker(options.threshold, options.windowMs),
  });
  return {
    operation,
    async execute(task) {
      try {
        return await policy.execute(() => task());
      } catch (error) {
        if (error instanceof BrokenCircuitError) throw new CircuitOpenError(operation);
        throw error;
      }
    },
    status() {
      const status = STATUS[policy.state] ?? 'closed';
      // cockatiel moves to half-open lazily on the next call; report it once the pause is over.
      if (status === 'open' && policy.state === CircuitState.Open) {
        const json = policy.toJSON() as { ownState?: { openedAt?: number } };
        const openedAt = json.ownState?.openedAt ?? 0;
        if (Date.now() - openedAt >= (options.openMs ?? CIRCUIT_BREAKER.resetMs)) return 'half-open';
      }
      return status;
    },
  };
}

const circuits = new Map<string, OperationCircuit>();

/** The page-wide circuit of an operation ('download', 'upload', 'drive.list', ...). */
export function circuitFor(operation: string): OperationCircuit {
  let circuit = circuits.get(operation);
  if (!circuit) {
    circuit = createCircuit(operation);
    circuits.set(operation, circuit);
  }
  return circuit;
}

/** For tests and sign-out: forget every circuit. */
export function resetCircuits(): void {
  circuits.clear();
}
