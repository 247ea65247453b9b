/**
 * The one error type the documents api throws. It keeps the HTTP status and the PostgREST /
 * Storage code so the shell's classifier (useErrorLog().report) can pick SPEC §8's user message;
 * its `message` is for logs only and never shown to a person.
 */
export class DocumentsApiError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(message: string, options: { status?: number; code?: string; details?: unknown; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DocumentsApiError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }
}

interface SupabaseResult<T> {
  data: T | null;
  error: { message: string; code?: string; details?: unknown; hint?: unknown } | null;
  status?: number;
}

/** Unwraps a supabase-js answer: the data, or a DocumentsApiError carrying status and code. */
export function unwrap<T>(result: SupabaseResult<T>, what: string): T {
  if (result.error) {
    throw new DocumentsApiError(`${what}: ${result.error.message}`, {
      status: result.status,
      code: result.error.code,
      details: result.error.details,
      cause: result.error,
    });
  }
  return result.data as T;
}

/** Like unwrap, for calls whose answer carries no data (return=minimal). */
export function check(result: { error: SupabaseResult<unknown>['error']; status?: number }, what: string): void {
  unwrap({ data: null, ...result }, what);
}
