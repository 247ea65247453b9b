/**
 * Reads what kind of failure an error is, for retry and circuit-breaker decisions (SPEC §8 status
 * mapping, §9 retry rules). Works on the errors this app actually meets: supabase-js (AuthError,
 * PostgrestError, FunctionsHttpError, StorageError), fetch Responses, drive errors that carry a
 * SPEC `driveErrorType`, DOM AbortError/TimeoutError and the TypeError fetch throws offline.
 */

export type FailureKind =
  | 'rate-limit'
  | 'network'
  | 'timeout'
  | 'server'
  | 'auth'
  | 'permission'
  | 'quota'
  | 'too-large'
  | 'not-found'
  | 'client'
  | 'unknown';

/** Kinds that may pass by themselves; only these are retried by default and trip a breaker. */
export const TEMPORARY_FAILURE_KINDS: readonly FailureKind[] = ['rate-limit', 'network', 'timeout', 'server'];

type Loose = Record<string, unknown>;

const asObject = (value: unknown): Loose | undefined =>
  value !== null && (typeof value === 'object' || typeof value === 'function') ? (value as Loose) : undefined;

const messageOf = (error: unknown): string => {
  if (typeof error === 'string') return error;
  const message = asObject(error)?.['message'];
  return typeof message === 'string' ? message : '';
};

const toStatus = (value: unknown): number | undefined => {
  const status = typeof value === 'string' ? Number.parseInt(value, 10) : value;
  return typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599 ? status : undefined;
};

/**
 * PostgREST error codes to HTTP statuses, as PostgREST itself answers them: supabase-js hands
 * back a PostgrestError whose `code` is the only hint when the caller dropped the response status.
 */
function statusFromPostgrestCode(code: string): number | undefined {
  if (code === '42501') return 403; // insufficient_privilege (RLS)
  if (code === 'PGRST116') return 406; // .single() found 0 or many rows
  if (code.startsWith('PGRST3')) return 401; // JWT errors
  if (code.startsWith('PGRST1') || code.startsWith('PGRST2')) return 400;
  if (code === '23505' || code === '23503') return 409;
  if (code.startsWith('23') || code.startsWith('22')) return 400;
  if (code === '42P01' || code === '42883') return 404;
  return undefined;
}

/** The HTTP status an error carries, wherever the client library put it. */
export function readHttpStatus(error: unknown): number | undefined {
  const object = asObject(error);
  if (!object) return undefined;
  const direct = toStatus(object['status']) ?? toStatus(object['statusCode']);
  if (direct !== undefined) return direct;
  // FunctionsHttpError keeps the Response in `context`; wrappers often keep it in `response`.
  for (const key of ['response', 'context', 'cause']) {
    const nested = asObject(object[key]);
    const status = nested && (toStatus(nested['status']) ?? toStatus(nested['statusCode']));
    if (status !== undefined) return status;
  }
  const code = object['code'];
  return typeof code === 'string' ? statusFromPostgrestCode(code) : undefined;
}

const DRIVE_KINDS: Record<string, FailureKind> = {
  authentication_failed: 'auth',
  authentication_expired: 'auth',
  quota_exceeded: 'quota',
  insufficient_storage: 'quota',
  permission_denied: 'permission',
  api_limit_exceeded: 'rate-limit',
  file_too_large: 'too-large',
  file_not_found: 'not-found',
  folder_not_found: 'not-found',
  network_error: 'network',
  timeout: 'timeout',
  api_error: 'server',
};

/** SPEC §8 status mapping, including the 403 split by message (quota / rate limit / permission). */
export function failureKind(error: unknown): FailureKind {
  const object = asObject(error);
  const driveType = object?.['driveErrorType'];
  if (typeof driveType === 'string' && DRIVE_KINDS[driveType]) return DRIVE_KINDS[driveType];
  // Google's resumable uploads answer 404/410 on a session URL they no longer know: the session
  // expired and the upload starts again (drive-client.ts). An expiry, not a missing thing — so it
  // is retried, which 'not-found' never is (ADR 0400).
  if (object?.['reason'] === 'uploadSessionExpired') return 'timeout';

  const message = messageOf(error).toLowerCase();
  const status = readHttpStatus(error);
  if (status !== undefined) {
    if (status === 429) return 'rate-limit';
    if (status === 401) return 'auth';
    if (status === 403) {
      if (/storage|space|quota/.test(message)) return 'quota';
      if (/limit|rate/.test(message)) return 'rate-limit';
      return 'permission';
    }
    if (status === 404) return 'not-found';
    if (status === 408) return 'timeout';
    if (status === 413) return 'too-large';
    if (status >= 500) return 'server';
    if (status >= 400) return 'client';
  }

  const name = typeof object?.['name'] === 'string' ? (object['name'] as string) : '';
  if (name === 'TimeoutError' || name === 'AbortError' || /timed? ?out/.test(message)) return 'timeout';
  if (isNetworkFailure(error)) return 'network';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'network';
  return 'unknown';
}

export const isTemporaryFailure = (error: unknown): boolean => TEMPORARY_FAILURE_KINDS.includes(failureKind(error));

/**
 * What a request that never got an answer looks like, from fetch, supabase-js, XHR wrappers and
 * webpack's chunk loader. The one pattern: the classifier, sign-in and uploads all read it here.
 */
export const NETWORK_FAILURE_PATTERN =
  /failed to fetch|networkerror|network request failed|load failed|network error|err_connection|econnrefused|chunkloaderror|loading chunk|failed to load script|scriptexternalloaderror|fetch failed/i;

/** True when the request never got an answer (no HTTP status): offline, refused, dropped. */
export function isNetworkFailure(error: unknown): boolean {
  const object = asObject(error);
  const name = typeof object?.['name'] === 'string' ? (object['name'] as string) : '';
  if (name === 'AuthRetryableFetchError' || name === 'FunctionsFetchError') return true;
  if (object?.['code'] === 'network' || object?.['status'] === 0) return true;
  // An answer came back: whatever its message says, the connection worked.
  if (typeof object?.['status'] === 'number' && object['status'] > 0) return false;
  return NETWORK_FAILURE_PATTERN.test(messageOf(error)) || NETWORK_FAILURE_PATTERN.test(name);
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, unknown>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key ? record[key] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * How long the server asked us to wait, in ms: an explicit `retryAfter` (ms, as drive errors
 * carry it) or a Retry-After header (seconds or an HTTP date).
 */
export function retryAfterMs(error: unknown, now = Date.now()): number | undefined {
  const object = asObject(error);
  if (!object) return undefined;
  if (typeof object['retryAfter'] === 'number' && object['retryAfter'] >= 0) return object['retryAfter'];
  const header =
    headerValue(object['headers'], 'retry-after') ??
    headerValue(asObject(object['response'])?.['headers'], 'retry-after') ??
    headerValue(asObject(object['context'])?.['headers'], 'retry-after');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
