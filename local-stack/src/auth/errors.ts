import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
export const API_VERSION = '2024-01-01';

/**
 * A GoTrue error: HTTP status, machine code (`error_code`) and message. `extra` carries fields
 * GoTrue adds for some codes (e.g. `weak_password: { reasons }`).
 */
export class AuthApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** The token endpoint also answers with OAuth's `error` / `error_description`. */
    readonly oauthError?: string,
  ) {
    super(message);
    this.name = 'AuthApiError';
  }
}

export const invalidCredentials = () => new AuthApiError(400, 'invalid_credentials', 'Invalid login credentials', {}, 'invalid_grant');
export const validationFailed = (msg: string) => new AuthApiError(400, 'validation_failed', msg);
export const badJson = () => new AuthApiError(400, 'bad_json', 'Could not parse request body as JSON');
export const notAdmin = () => new AuthApiError(403, 'not_admin', 'User not allowed');
export const userNotFound = () => new AuthApiError(404, 'user_not_found', 'User not found');

/** Whether the caller asked for the 2024-01-01 error shape (supabase-js always does). */
function wantsVersionedErrors(c: Context): boolean {
  const v = c.req.header(API_VERSION_HEADER);
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= API_VERSION;
}

/**
 * GoTrue's error body: `{code: <http status>, error_code, msg}` for old clients; for clients that
 * send X-Supabase-Api-Version >= 2024-01-01, `code` is the string code. `error_code` is kept in both
 * so tools reading either field work.
 */
export function authErrorResponse(c: Context, e: AuthApiError): Response {
  const body: Record<string, unknown> = {
    code: wantsVersionedErrors(c) ? e.code : e.status,
    error_code: e.code,
    msg: e.message,
    ...e.extra,
  };
  if (e.oauthError) {
    body.error = e.oauthError;
    body.error_description = e.message;
  }
  return c.json(body, e.status);
}
