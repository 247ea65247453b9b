import type { Session } from '@supabase/supabase-js';
import { SESSION_POLL, oauthErrorMessage, pollUntil } from '@dossier/shared/core';

/** Set just before the identity-provider redirect, so the return is recognised after the reload. */
export const OAUTH_PENDING_KEY = 'dossier-oauth-pending';

/** The drive consent flow's state (SPEC §7); its callback belongs in the drive popup only. */
export const DRIVE_AUTH_STATE = 'google_drive_auth';

/** Address parameters an OAuth return may carry, in the query or in the fragment. */
const OAUTH_PARAMS = [
  'code',
  'state',
  'scope',
  'authuser',
  'prompt',
  'error',
  'error_code',
  'error_description',
  'access_token',
  'refresh_token',
  'expires_in',
  'expires_at',
  'token_type',
  'provider_token',
  'provider_refresh_token',
  'type',
];

export type OAuthReturn =
  | { kind: 'none' }
  /** A drive authorization-code callback opened in the main window: ignored, address cleaned. */
  | { kind: 'drive-callback' }
  /** `message` is null for access_denied: SPEC §4 counts it as a failure without a message. */
  | { kind: 'error'; code: string; message: string | null }
  /** Back from the identity provider: poll for the session. */
  | { kind: 'session-expected' };

function params(url: URL): URLSearchParams {
  const merged = new URLSearchParams(url.search);
  const fragment = url.hash.startsWith('#') ? url.hash.slice(1) : url.hash;
  // A fragment like "#/route" is not a parameter list; only read "#key=value&...".
  if (fragment.includes('=')) new URLSearchParams(fragment).forEach((value, key) => merged.set(key, value));
  return merged;
}

/** SPEC §4 OAuth return handling, decided from the address alone (plus the pending marker). */
export function readOAuthReturn(href: string, pending: boolean): OAuthReturn {
  const url = new URL(href);
  const p = params(url);
  const state = p.get('state') ?? '';
  if (state.startsWith(DRIVE_AUTH_STATE)) {
    // The drive's own return: an authorization code is the popup's business; a token in the
    // fragment is the drive area's redirect fallback, which it reads itself.
    return url.searchParams.has('code') ? { kind: 'drive-callback' } : { kind: 'none' };
  }
  const code = p.get('error_code') || p.get('error');
  if (code) {
    const error = p.get('error') ?? code;
    return error === 'access_denied' || code === 'access_denied'
      ? { kind: 'error', code: 'access_denied', message: null }
      : { kind: 'error', code, message: oauthErrorMessage(code) };
  }
  if (pending || p.has('access_token') || p.has('code')) return { kind: 'session-expected' };
  return { kind: 'none' };
}

/** The same address without any OAuth parameter (for history.replaceState). */
export function cleanOAuthAddress(href: string): string {
  const url = new URL(href);
  for (const key of OAUTH_PARAMS) url.searchParams.delete(key);
  const fragment = url.hash.slice(1);
  if (fragment.includes('=')) {
    const rest = new URLSearchParams(fragment);
    for (const key of OAUTH_PARAMS) rest.delete(key);
    url.hash = rest.toString();
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** SPEC §4 / §9: poll for a session up to 10 times at 500 ms intervals (the shared retry mechanism). */
export async function pollForSession(getSession: () => Promise<{ data: { session: Session | null } }>): Promise<Session | null> {
  const { data } = await pollUntil(getSession, (answer) => Boolean(answer.data.session), SESSION_POLL);
  return data.session;
}

/**
 * For supabase-js's `detectSessionInUrl`: read Supabase's own OAuth returns, but never the
 * drive's token return (state 'google_drive_auth'), whose Google token would otherwise be
 * taken for a Supabase session.
 */
export function detectSupabaseSessionInUrl(url: URL, urlParams: Record<string, string>): boolean {
  if ((urlParams.state ?? url.searchParams.get('state') ?? '').startsWith(DRIVE_AUTH_STATE)) return false;
  return Boolean(urlParams.access_token || urlParams.error || urlParams.error_description || urlParams.error_code);
}

/**
 * SPEC §4: a drive authorization-code callback is handled only inside a popup; opened in the main
 * window it is ignored and the address cleaned. Runs once at start, before any page reads it.
 */
export function ignoreDriveCodeCallbackInMainWindow(win: Pick<Window, 'location' | 'history' | 'opener'> = window): boolean {
  if (win.opener) return false;
  if (readOAuthReturn(win.location.href, false).kind !== 'drive-callback') return false;
  win.history.replaceState(win.history.state, '', cleanOAuthAddress(win.location.href));
  return true;
}
