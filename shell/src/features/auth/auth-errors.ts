import { AUTH_ERROR_MESSAGES, isNetworkFailure, readHttpStatus, type AuthErrorKind } from '@dossier/shared/core';

/** A sign-in failure classified into one of SPEC §8's sign-in categories. */
export interface AuthFailure {
  kind: AuthErrorKind;
  /** The exact SPEC §8 text a person sees. */
  message: string;
  status?: number;
  code?: string;
}

/**
 * The kinds the identity-provider sign-in retries (SPEC §8: "only for network, timeout, rate,
 * server and popup kinds"). Anything else is a decision of the user or the account: retrying
 * it would only repeat the same answer.
 */
const OAUTH_RETRYABLE: ReadonlySet<AuthErrorKind> = new Set(['network_error', 'timeout', 'rate_limited', 'server_error', 'popup_blocked']);

export function isOAuthRetryable(kind: AuthErrorKind): boolean {
  return OAUTH_RETRYABLE.has(kind);
}

interface ErrorShape {
  name?: unknown;
  message?: unknown;
  code?: unknown;
}

function shape(error: unknown): ErrorShape {
  return typeof error === 'object' && error !== null ? (error as ErrorShape) : { message: String(error) };
}

/**
 * Classifies anything supabase-js, fetch or the popup flow throws into SPEC §8's sign-in
 * categories. Status decides first (429, 500+, 400-499), then the code or text of the error.
 */
export function classifyAuthError(error: unknown): AuthFailure {
  const { name, message, code } = shape(error);
  const text = `${typeof name === 'string' ? name : ''} ${typeof message === 'string' ? message : ''}`.toLowerCase();
  const errorCode = typeof code === 'string' ? code : undefined;
  // The one failure reader (shared/src/core/resilience/failure-kind.ts) finds the status wherever
  // the client library put it; sign-in only adds SPEC §8's sign-in categories on top.
  const httpStatus = readHttpStatus(error);
  const make = (kind: AuthErrorKind): AuthFailure => ({ kind, message: AUTH_ERROR_MESSAGES[kind], status: httpStatus, code: errorCode });

  // An existing account is a conflict whatever status the server used for it (GoTrue: 422).
  if (errorCode === 'user_already_exists' || errorCode === 'email_exists' || /already (registered|exists)/.test(text)) {
    return make('account_conflict');
  }
  if (errorCode === 'access_denied' || /cancel+ed|access_denied/.test(text)) return make('oauth_cancelled');
  if (/popup.*blocked|blocked.*popup/.test(text)) return make('popup_blocked');
  if (name === 'TimeoutError' || /timed? ?out/.test(text)) return make('timeout');

  if (httpStatus === 429) return make('rate_limited');
  if (httpStatus !== undefined && httpStatus >= 500) return make('server_error');
  if (httpStatus !== undefined && httpStatus >= 400) return make('invalid_credentials');

  // supabase-js reports an unreachable server as AuthRetryableFetchError with status 0, fetch as TypeError.
  if (isNetworkFailure(error) || /network/.test(text)) return make('network_error');
  if (/invalid login credentials|invalid credentials/.test(text)) return make('invalid_credentials');
  return make('unknown_error');
}
