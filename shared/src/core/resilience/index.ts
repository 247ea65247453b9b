export * from './failure-kind';
export * from './retry-policy';
export * from './retry';
export * from './circuit-breaker';
export * from './resilient-operation';
export * from './retry-adapters';
