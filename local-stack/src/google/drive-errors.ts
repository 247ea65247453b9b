/**
 * Google's JSON error body, as Drive v3 answers it:
 * {"error":{"code","message","errors":[{"domain","reason","message","location","locationType"}],"status"}}
 */

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'FAILED_PRECONDITION',
  416: 'OUT_OF_RANGE',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** The texts Drive sends for each reason (what the app's 403 split reads). */
export const REASON_MESSAGES: Record<string, { status: number; domain: string; message: string }> = {
  authError: { status: 401, domain: 'global', message: 'Invalid Credentials' },
  insufficientPermissions: { status: 403, domain: 'global', message: 'Request had insufficient authentication scopes.' },
  insufficientFilePermissions: { status: 403, domain: 'global', message: 'The user does not have sufficient permissions for this file.' },
  storageQuotaExceeded: { status: 403, domain: 'usageLimits', message: "The user's Drive storage quota has been exceeded." },
  userRateLimitExceeded: { status: 403, domain: 'usageLimits', message: 'User rate limit exceeded.' },
  rateLimitExceeded: { status: 403, domain: 'usageLimits', message: 'Rate limit exceeded.' },
  domainPolicy: { status: 403, domain: 'global', message: 'The domain administrators have disabled Drive apps.' },
  fileNotDownloadable: { status: 403, domain: 'global', message: 'Only files with binary content can be downloaded. Use Export with Docs Editors files.' },
  exportSizeLimitExceeded: { status: 403, domain: 'global', message: 'This file is too large to be exported.' },
  fileNotExportable: { status: 403, domain: 'global', message: 'Export only supports Docs Editors files.' },
  notFound: { status: 404, domain: 'global', message: 'File not found.' },
  conflict: { status: 409, domain: 'global', message: 'The request conflicts with the current state of the file.' },
  uploadTooLarge: { status: 413, domain: 'global', message: 'The uploaded file is too large.' },
  backendError: { status: 500, domain: 'global', message: 'Backend Error' },
  badGateway: { status: 502, domain: 'global', message: 'Bad Gateway' },
  serviceUnavailable: { status: 503, domain: 'global', message: 'The service is currently unavailable.' },
  deadlineExceeded: { status: 504, domain: 'global', message: 'Deadline exceeded.' },
  invalid: { status: 400, domain: 'global', message: 'Invalid Value' },
  required: { status: 400, domain: 'global', message: 'Required' },
  badRequest: { status: 400, domain: 'global', message: 'Bad Request' },
};

export interface DriveErrorOptions {
  message?: string;
  location?: string;
  locationType?: string;
  /** The top-level message when it differs from the entry's (Google does that for 401). */
  topMessage?: string;
  domain?: string;
}

export function driveErrorBody(code: number, reason: string, options: DriveErrorOptions = {}) {
  const known = REASON_MESSAGES[reason];
  const message = options.message ?? known?.message ?? `HTTP ${code}`;
  const entry: Record<string, string> = { message, domain: options.domain ?? known?.domain ?? 'global', reason };
  if (options.location) {
    entry.location = options.location;
    entry.locationType = options.locationType ?? 'parameter';
  }
  return { error: { code, message: options.topMessage ?? message, errors: [entry], status: STATUS_NAMES[code] ?? 'UNKNOWN' } };
}

export function driveError(code: number, reason: string, options: DriveErrorOptions = {}, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(driveErrorBody(code, reason, options)), {
    status: code,
    headers: { 'content-type': 'application/json; charset=UTF-8', vary: 'Origin, X-Origin, Referer', ...headers },
  });
}

export const notFound = (id: string) => driveError(404, 'notFound', { message: `File not found: ${id}.`, location: 'fileId' });

export const unauthenticated = () =>
  driveError(
    401,
    'authError',
    {
      location: 'Authorization',
      locationType: 'header',
      topMessage:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    },
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );

export const invalidParameter = (location: string, message = 'Invalid Value') => driveError(400, 'invalid', { message, location });
