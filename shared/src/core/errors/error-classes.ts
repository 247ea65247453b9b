/**
 * Error classes the platform throws on purpose, so the classifier can recognise them without
 * parsing messages. One home for error classes (docs/conventions.md).
 */

/** An HTTP response that was not OK. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message = `HTTP ${status}`,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class TimeoutError extends Error {
  constructor(message = 'The operation timed out') {
    super(message);
    this.name = 'TimeoutError';
  }
}

export class OfflineError extends Error {
  constructor(message = 'The device is offline') {
    super(message);
    this.name = 'OfflineError';
  }
}

export class ValidationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValidationError';
  }
}

/** A browser or device capability the feature needs is missing. */
export class UnsupportedFeatureError extends Error {
  constructor(readonly feature: string) {
    super(`${feature} is not supported on this device`);
    this.name = 'UnsupportedFeatureError';
  }
}

/** A remote's manifest, entry or module could not be loaded (404, network, script error). */
export class RemoteLoadError extends Error {
  constructor(
    readonly area: string,
    override readonly cause: unknown,
  ) {
    super(`The ${area} area could not be loaded${cause instanceof Error ? `: ${cause.message}` : ''}`);
    this.name = 'RemoteLoadError';
  }
}

/** A remote built against another major version of the contract; the shell refuses it. */
export class ContractVersionError extends Error {
  constructor(
    readonly area: string,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`The ${area} area was built for contract version ${actual}, but this shell speaks ${expected}`);
    this.name = 'ContractVersionError';
  }
}

/** A remote built to require shared library versions the shell does not provide; the shell refuses it. */
export class SharedVersionError extends Error {
  constructor(
    readonly area: string,
    /** e.g. ['react ^20.0.0 (this app has 19.3.1)'] */
    readonly unmet: readonly string[],
  ) {
    super(`The ${area} area was built for other shared libraries: ${unmet.join(', ')}`);
    this.name = 'SharedVersionError';
  }
}
