/**
 * The Drive consent return (SPEC §2 "Drive OAuth popup page", §3 pending popup record, §5 same-origin
 * rule). Dependency-free on purpose: the shell runs it before anything else when the page is the
 * popup (or the redirect fallback) coming back from Google, and the drive area reads the same
 * record and message. One home for the protocol both sides speak.
 */

/** SPEC §7 consent URL state; the redirect fallback appends ':' and the return address. */
export const DRIVE_OAUTH_STATE = 'google_drive_auth';
/** Where the pending popup record is kept (localStorage: shared by the popup and its opener). */
export const DRIVE_OAUTH_PENDING_KEY = 'dossier-drive-oauth-pending';
/** The message the popup posts to its opener. */
export const DRIVE_OAUTH_MESSAGE = 'dossier:drive-oauth';
/** The page Google sends the token back to. */
export const DRIVE_OAUTH_CALLBACK_PATH = '/oauth-callback';

/** SPEC §3 pending popup OAuth record. */
export interface PendingDriveOAuth {
  access_token: string;
  expires_in: number;
  scope: string;
  token_type: string;
  /** ms since epoch, when the popup received it */
  timestamp: number;
}

/**
 * The authorization-code variant (ADR 0130): the popup hands Google's one-use code to its opener,
 * which exchanges it through the drive-token function; the refresh token stays on the server.
 */
export interface PendingDriveOAuthCode {
  code: string;
  scope: string;
  /** the redirect_uri the code was issued for (the exchange must repeat it) */
  redirect_uri: string;
  /** ms since epoch */
  timestamp: number;
}

/** Where the popup leaves the code should its message not reach the opener. */
export const DRIVE_OAUTH_PENDING_CODE_KEY = `${DRIVE_OAUTH_PENDING_KEY}:code`;

export type DriveOAuthMessage =
  | { type: typeof DRIVE_OAUTH_MESSAGE; ok: true; record: PendingDriveOAuth }
  | { type: typeof DRIVE_OAUTH_MESSAGE; ok: true; code: PendingDriveOAuthCode; record?: undefined }
  | { type: typeof DRIVE_OAUTH_MESSAGE; ok: false; error: string };

/** SPEC §4: '/auth' or '/' as return address becomes '/'. */
export function normaliseReturnAddress(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return '/';
  const bare = path.split(/[?#]/)[0];
  return bare === '/auth' || bare === '/' ? '/' : path;
}

interface ReturnWindow {
  location: { href: string; origin: string; replace(url: string): void };
  opener: { postMessage(message: unknown, targetOrigin: string): void } | null;
  localStorage: Pick<Storage, 'setItem'>;
  close(): void;
}

/**
 * If this page is Google's answer to the drive consent (state google_drive_auth in the fragment):
 * store the pending record, tell the opener (same origin only) and close — or, in the redirect
 * fallback, go back to the remembered address. Returns true when it handled the page.
 */
export function completeDriveOAuthReturn(win: ReturnWindow = window as unknown as ReturnWindow, now: () => number = Date.now): boolean {
  const url = new URL(win.location.href);
  const fragment = new URLSearchParams(url.hash.startsWith('#') ? url.hash.slice(1) : '');
  const state = fragment.get('state') ?? url.searchParams.get('state') ?? '';
  if (!state.startsWith(DRIVE_OAUTH_STATE)) return false;
  const code = url.searchParams.get('code');
  if (code) {
    // SPEC §4: a drive authorization-code callback is handled only inside a popup; in the main
    // window the shell ignores it and cleans the address.
    if (!win.opener) return false;
    const pending: PendingDriveOAuthCode = { code, scope: url.searchParams.get('scope') ?? '', redirect_uri: `${url.origin}${url.pathname}`, timestamp: now() };
    win.localStorage.setItem(DRIVE_OAUTH_PENDING_CODE_KEY, JSON.stringify(pending));
    win.opener.postMessage({ type: DRIVE_OAUTH_MESSAGE, ok: true, code: pending } satisfies DriveOAuthMessage, win.location.origin);
    win.close();
    return true;
  }
  const token = fragment.get('access_token');
  const error = fragment.get('error') ?? url.searchParams.get('error');
  let message: DriveOAuthMessage;
  if (token) {
    const record: PendingDriveOAuth = {
      access_token: token,
      expires_in: Number(fragment.get('expires_in')) || 3600,
      scope: fragment.get('scope') ?? '',
      token_type: fragment.get('token_type') ?? 'Bearer',
      timestamp: now(),
    };
    win.localStorage.setItem(DRIVE_OAUTH_PENDING_KEY, JSON.stringify(record));
    message = { type: DRIVE_OAUTH_MESSAGE, ok: true, record };
  } else {
    message = { type: DRIVE_OAUTH_MESSAGE, ok: false, error: error ?? 'no_token' };
  }
  if (win.opener) {
    win.opener.postMessage(message, win.location.origin);
    win.close();
    return true;
  }
  // Redirect fallback: state is 'google_drive_auth:<return address>'.
  const back = normaliseReturnAddress(decodeURIComponent(state.slice(DRIVE_OAUTH_STATE.length + 1)));
  if (!token && error) win.localStorage.setItem(`${DRIVE_OAUTH_PENDING_KEY}:error`, error);
  win.location.replace(back);
  return true;
}
