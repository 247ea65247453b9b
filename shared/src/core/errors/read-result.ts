import { classifyError } from './classify-error';
import { readHttpStatus } from '../resilience/failure-kind';

/**
 * The one reader of supabase-js answers (issue 23): every `{ data, error }` that PostgREST,
 * Storage, GoTrue or Functions hands back becomes either its data or one DataError, which keeps
 * the service's code and HTTP status so the SPEC §8 classifier and the retry policy can read them.
 * Areas never write their own `unwrap`/`must`.
 */

/** What a failure means to the caller, whichever service answered. */
export type DataErrorKind = 'conflict' | 'not-found' | 'auth' | 'permission' | 'invalid' | 'too-large' | 'rate-limit' | 'server' | 'network' | 'unknown';

export interface DataErrorOptions {
  status?: number;
  code?: string;
  details?: unknown;
  hint?: unknown;
  cause?: unknown;
}

// Codes that say more than the HTTP status (or stand in for it when the caller lost the response).
const KIND_BY_CODE: Record<string, DataErrorKind> = {
  '23505': 'conflict', // unique_violation
  '23503': 'conflict', // foreign_key_violation
  PGRST116: 'not-found', // .single() found no row (or many)
  '42501': 'permission', // insufficient_privilege: RLS said no
  network: 'network',
  // Storage's own codes (storage-api ErrorCode)
  NoSuchKey: 'not-found',
  NoSuchBucket: 'not-found',
  Duplicate: 'conflict',
  ResourceAlreadyExists: 'conflict',
  EntityTooLarge: 'too-large',
  InvalidJWT: 'auth',
  AccessDenied: 'permission',
  // GoTrue's
  session_not_found: 'auth',
  user_already_exists: 'conflict',
  email_exists: 'conflict',
  over_request_rate_limit: 'rate-limit',
  over_email_send_rate_limit: 'rate-limit',
};

function kindOf(status: number | undefined, code: string | undefined): DataErrorKind {
  const byCode = code ? KIND_BY_CODE[code] : undefined;
  if (byCode) return byCode;
  if (status === undefined) return 'unknown';
  if (status === 0) return 'network';
  if (status === 401) return 'auth';
  if (status === 403) return 'permission';
  if (status === 404) return 'not-found';
  if (status === 409) return 'conflict';
  if (status === 413) return 'too-large';
  if (status === 429) return 'rate-limit';
  if (status >= 500) return 'server';
  return status >= 400 ? 'invalid' : 'unknown';
}

/** A supabase-js (or fetch) failure with the service's code, its HTTP status and what it means. */
export class DataError extends Error {
  override readonly name = 'DataError';
  /** HTTP status; 0 when no answer came (offline, refused). */
  readonly status: number | undefined;
  /** PostgREST/Postgres SQLSTATE, Storage or GoTrue error code. */
  readonly code: string | undefined;
  readonly details: unknown;
  readonly hint: unknown;
  readonly kind: DataErrorKind;

  /** `message` is for logs; people read `userMessage`. */
  constructor(message: string, options: DataErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
    this.hint = options.hint;
    this.kind = kindOf(options.status, options.code);
  }

  /** SPEC §8's text for this failure, from the one classifier. */
  get userMessage(): string {
    return classifyError(this).userMessage;
  }
}

type Loose = { message?: unknown; code?: unknown; details?: unknown; hint?: unknown; status?: unknown };

/**
 * Turns whatever a client library reported into a DataError (a DataError passes through).
 * `what` names the operation for logs ("insert document"); `status` is the response's, when
 * supabase-js gave it beside the error (PostgREST does, Storage and GoTrue keep it on the error).
 */
export function toDataError(error: unknown, what?: string, status?: number): DataError {
  if (error instanceof DataError) return error;
  const loose: Loose = typeof error === 'object' && error !== null ? (error as Loose) : { message: String(error) };
  const message = typeof loose.message === 'string' ? loose.message : 'unknown error';
  const code = typeof loose.code === 'string' && loose.code ? loose.code : typeof loose.code === 'number' ? String(loose.code) : undefined;
  // PostgREST says 0 when fetch itself failed; any other status below 400 beside an error is noise.
  const given = status === 0 || (status !== undefined && status >= 400) ? status : undefined;
  return new DataError(what ? `${what}: ${message}` : message, {
    status: given ?? readHttpStatus(error),
    code,
    details: loose.details,
    hint: loose.hint,
    cause: error,
  });
}

/** A supabase-js answer: `{ data, error }`, with the response status where the client gives it. */
export interface SupabaseResultLike<T> {
  data: T | null;
  error: unknown;
  status?: number;
}

/** The answer's data (null stays null), or a DataError. */
export function readResult<T>(result: SupabaseResultLike<T>, what?: string): T {
  if (result.error) throw toDataError(result.error, what, result.status);
  return result.data as T;
}

/** The answer's rows, an empty list when there were none, or a DataError. */
export function readRows<T>(result: SupabaseResultLike<T[]>, what?: string): T[] {
  return readResult(result, what) ?? [];
}

/** For calls whose answer carries no data (return=minimal, storage remove): only the error matters. */
export function checkResult(result: { error: unknown; status?: number }, what?: string): void {
  if (result.error) throw toDataError(result.error, what, result.status);
}

/** True when `error` is a DataError of the given kind (or any DataError without one). */
export function isDataError(error: unknown, kind?: DataErrorKind): error is DataError {
  return error instanceof DataError && (kind === undefined || error.kind === kind);
}
