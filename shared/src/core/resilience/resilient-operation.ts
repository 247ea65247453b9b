import { circuitFor } from './circuit-breaker';
import { retryOperation, type RetryOptions } from './retry';
import type { OperationName } from './retry-policy';

/**
 * A SPEC §9 operation with both safeguards: each try passes through the operation's circuit
 * (so a failing service trips it within one call's retries) and the tries follow the
 * operation's retry policy. An open circuit fails fast with CircuitOpenError, which is not retried.
 */
export function runOperation<T>(operation: OperationName, task: (attempt: number) => Promise<T> | T, options?: RetryOptions): Promise<T> {
  const circuit = circuitFor(operation);
  return retryOperation(operation, (attempt) => circuit.execute(() => task(attempt)), options);
}
