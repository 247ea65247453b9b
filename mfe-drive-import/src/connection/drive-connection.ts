import { AUTH_ERROR_MESSAGES, DRIVE_CONNECTION_MESSAGES, DRIVE_LIMITS, OPERATION_RETRY, VALIDATION_MESSAGES, fixedRetryPolicy, withRetry, type RetryOptions } from '@dossier/shared/core';
import {
  DRIVE_OAUTH_CALLBACK_PATH,
  DRIVE_OAUTH_MESSAGE,
  DRIVE_OAUTH_PENDING_CODE_KEY,
  DRIVE_OAUTH_PENDING_KEY,
  DRIVE_OAUTH_STATE,
  normaliseReturnAddress,
  type DriveOAuthMessage,
  type PendingDriveOAuth,
  type PendingDriveOAuthCode,
} from '@dossier/shared/drive-oauth';

/** SPEC §1: files are read-only; the write scope is asked for only when a person first saves to Drive. */
export const DRIVE_READ_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';
export const DRIVE_WRITE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** SPEC §3 drive auth state, kept in the browser. */
export interface DriveAuthState {
  accessToken: string | null;
  refreshToken: string | null;
  /** ms since epoch */
  expiresAt: number | null;
  isAuthenticated: boolean;
  scope?: string;
  account?: { email: string; name: string };
  lastError?: string;
}

const AUTH_KEY = 'dossier-drive-auth';
const SIGNED_OUT: DriveAuthState = { accessToken: null, refreshToken: null, expiresAt: null, isAuthenticated: false };

export class DriveConnectError extends Error {
  override readonly name = 'DriveConnectError';
  constructor(
    message: string,
    readonly kind: 'cancelled' | 'timeout' | 'blocked' | 'denied' | 'no-token',
  ) {
    super(message);
  }
}

export interface DriveConfig {
  clientId: string;
  authUrl: string;
  apiBaseUrl: string;
  apiKey?: string;
  /** The server side of the grant (ADR 0130); without it the popup uses the token flow. */
  tokens?: DriveTokenService;
}

/** What the drive-token function answers: a short-lived token and the handle of the server grant. */
export interface DriveTokenAnswer {
  access_token: string;
  expires_in: number;
  scope: string;
  grant: string;
}

/** Thrown by a DriveTokenService when the server has no usable grant (none, or Google refused it). */
export class DriveGrantGoneError extends Error {
  override readonly name = 'DriveGrantGoneError';
}

/**
 * The authorization-code path (ADR 0130): the code is exchanged on the server, which keeps the
 * refresh token; the browser only ever holds access tokens and an opaque grant handle.
 */
export interface DriveTokenService {
  exchange(code: string, redirectUri: string): Promise<DriveTokenAnswer>;
  /** Rejects with DriveGrantGoneError when a new consent is needed. */
  refresh(): Promise<DriveTokenAnswer>;
  revoke(): Promise<void>;
}

/** The browser's `refreshToken` (SPEC §3) for a server-held grant: a handle, not Google's token. */
const GRANT_PREFIX = 'grant:';

/** Minimal window the flow needs, injectable for tests. */
export interface ConnectWindow {
  location: { origin: string; pathname: string; search: string; hash: string; assign(url: string): void };
  open(url: string, name: string, features: string): { closed: boolean; close(): void } | null;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  localStorage: Storage;
  screenX?: number;
  screenY?: number;
  outerWidth?: number;
  outerHeight?: number;
}

type Listener = (state: DriveAuthState) => void;

/**
 * The Drive connection of this browser (SPEC §4): consent in a 500×600 popup, a full-page redirect
 * when the popup is blocked, the pending record from the popup turned into the auth state, expiry
 * known, and Disconnect that revokes the token at Google.
 */
export class DriveConnection {
  private state: DriveAuthState;
  private readonly listeners = new Set<Listener>();
  private refreshing: Promise<string | null> | null = null;

  constructor(
    private readonly config: DriveConfig,
    private readonly win: ConnectWindow = window as unknown as ConnectWindow,
    private readonly now: () => number = Date.now,
  ) {
    this.state = this.read();
    this.adoptPending();
  }

  getState = (): DriveAuthState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The token while it is unexpired; null otherwise (the person must connect again). */
  accessToken = (): string | null => {
    const s = this.state;
    if (!s.isAuthenticated || !s.accessToken || !s.expiresAt) return null;
    return s.expiresAt > this.now() ? s.accessToken : null;
  };

  /** True when the server holds a refresh grant for this connection (authorization-code path). */
  canRefresh(): boolean {
    return Boolean(this.config.tokens && this.state.refreshToken?.startsWith(GRANT_PREFIX));
  }

  /**
   * A token for the next call: the current one, or — when 5 minutes or less remain (SPEC §4) and
   * the server holds the grant — a refreshed one. Null when the person must consent again.
   */
  usableAccessToken = async (): Promise<string | null> => {
    if (this.canRefresh() && this.needsRefresh()) return (await this.refresh()) ?? this.accessToken();
    return this.accessToken();
  };

  /**
   * SPEC §4 "when expired: a refresh is attempted, then a new consent flow": a fresh access token
   * from the server-held grant. One refresh at a time; a grant Google refused ends the connection
   * with 'Session Expired' so the card offers to reconnect. Null when no token could be had.
   */
  refresh = (): Promise<string | null> => {
    const tokens = this.config.tokens;
    if (!tokens || !this.canRefresh()) return Promise.resolve(null);
    this.refreshing ??= tokens
      .refresh()
      .then((answer) => {
        this.adoptAnswer(answer);
        return answer.access_token;
      })
      .catch((error: unknown) => {
        if (error instanceof DriveGrantGoneError) this.set({ ...SIGNED_OUT, account: this.state.account, lastError: DRIVE_CONNECTION_MESSAGES.grantRevoked });
        else this.recordError(error instanceof Error ? error.message : String(error));
        return null;
      })
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  };

  /**
   * A second device, or a fresh browser profile of the same person (ADR 0195): this browser knows
   * no connection, but the server may hold the person's grant (drive_grants). One quiet refresh
   * asks for it; when it answers, Drive is connected without a new consent. No grant (404) or a
   * refused one leaves this browser disconnected with no error shown — the card simply offers
   * Connect. Skipped when this browser already has a usable or refreshable connection.
   */
  adoptServerGrant = async (): Promise<boolean> => {
    const tokens = this.config.tokens;
    if (!tokens || this.accessToken() || this.canRefresh()) return false;
    try {
      const answer = await tokens.refresh();
      // The person may have connected in this browser meanwhile; theirs stays.
      if (this.accessToken()) return false;
      this.adoptAnswer(answer);
      return true;
    } catch {
      return false;
    }
  };

  /** SPEC §4: refresh when 5 minutes or less remain. True when a refresh (new consent) is due. */
  needsRefresh(): boolean {
    return this.state.expiresAt !== null && this.state.expiresAt - this.now() <= DRIVE_LIMITS.refreshMarginMs;
  }

  /** ms until a refresh should be scheduled (5 minutes before expiry). */
  refreshDelayMs(): number | null {
    if (!this.state.expiresAt) return null;
    return Math.max(0, this.state.expiresAt - DRIVE_LIMITS.refreshMarginMs - this.now());
  }

  hasScope(scope: string): boolean {
    return (this.state.scope ?? '').split(/\s+/).includes(scope);
  }

  consentUrl(scopes: string[], state: string, responseType: 'token' | 'code' = 'token'): string {
    const url = new URL(this.config.authUrl);
    url.searchParams.set('client_id', this.config.clientId);
    url.searchParams.set('redirect_uri', `${this.win.location.origin}${DRIVE_OAUTH_CALLBACK_PATH}`);
    url.searchParams.set('response_type', responseType);
    // The code path asks for offline access: that is what makes Google issue a refresh token.
    if (responseType === 'code') url.searchParams.set('access_type', 'offline');
    url.searchParams.set('scope', scopes.join(' '));
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('include_granted_scopes', 'true');
    url.searchParams.set('state', state);
    return url.toString();
  }

  /**
   * Popup first; when it is blocked, the redirect fallback (this page is left, so the promise
   * never settles). Ends on success, an error message, the person closing the popup, or time-out.
   */
  connect(options: { write?: boolean } = {}): Promise<DriveAuthState> {
    const scopes = options.write || this.hasScope(DRIVE_WRITE_SCOPE) ? [DRIVE_READ_SCOPE, DRIVE_WRITE_SCOPE] : [DRIVE_READ_SCOPE];
    const { popupWidth: width, popupHeight: height } = DRIVE_LIMITS;
    const left = Math.max(0, (this.win.screenX ?? 0) + ((this.win.outerWidth ?? width) - width) / 2);
    const top = Math.max(0, (this.win.screenY ?? 0) + ((this.win.outerHeight ?? height) - height) / 2);
    // The popup takes the authorization-code path when the server can keep the grant (ADR 0130);
    // the redirect fallback stays on the token flow, since SPEC §4 ignores a code in the main window.
    const responseType = this.config.tokens ? 'code' : 'token';
    const popup = this.win.open(this.consentUrl(scopes, DRIVE_OAUTH_STATE, responseType), 'dossier-drive-consent', `width=${width},height=${height},left=${left},top=${top}`);
    if (!popup || popup.closed) {
      this.redirect(scopes);
      return new Promise(() => undefined);
    }
    return new Promise<DriveAuthState>((resolve, reject) => {
      const started = this.now();
      const finish = (fn: () => void) => {
        clearInterval(poll);
        this.win.removeEventListener('message', onMessage);
        fn();
      };
      const onMessage = (event: MessageEvent) => {
        // SPEC §5: only this origin may answer.
        if (event.origin !== this.win.location.origin) return;
        const data = event.data as DriveOAuthMessage | null;
        if (!data || data.type !== DRIVE_OAUTH_MESSAGE) return;
        if (!data.ok) {
          const denied = data.error === 'access_denied';
          const message = denied ? AUTH_ERROR_MESSAGES.oauth_cancelled : data.error === 'no_token' ? VALIDATION_MESSAGES.noAccessToken(DRIVE_CONNECTION_MESSAGES.identityProvider) : `OAuth error: ${data.error}`;
          finish(() => reject(this.fail(new DriveConnectError(message, denied ? 'denied' : 'no-token'))));
          return;
        }
        if ('code' in data && data.code) {
          const pending = data.code;
          finish(() => this.exchangePendingCode(pending).then(resolve, reject));
          return;
        }
        if (!data.record?.access_token) {
          finish(() => reject(this.fail(new DriveConnectError(VALIDATION_MESSAGES.noAccessToken(DRIVE_CONNECTION_MESSAGES.identityProvider), 'no-token'))));
          return;
        }
        this.adoptPending();
        finish(() => resolve(this.state));
      };
      this.win.addEventListener('message', onMessage);
      // SPEC §9: closed-popup poll every 1 s; time-out 60 s while the popup cannot be observed,
      // and a hard cap of 120 s in any case (ADR 0077).
      const poll = setInterval(() => {
        const elapsed = this.now() - started;
        let closed: boolean | null;
        try {
          closed = popup.closed;
        } catch {
          closed = null;
        }
        if (closed) {
          // The message may have arrived just before the window closed (or never, under COOP).
          const code = this.takePendingCode();
          if (code) finish(() => this.exchangePendingCode(code).then(resolve, reject));
          else if (this.adoptPending()) finish(() => resolve(this.state));
          else finish(() => reject(this.fail(new DriveConnectError(DRIVE_CONNECTION_MESSAGES.popupCancelled, 'cancelled'))));
        } else if (elapsed >= DRIVE_LIMITS.authHardCapMs || (closed === null && elapsed >= DRIVE_LIMITS.authTimeoutMs)) {
          popup.close();
          finish(() => reject(this.fail(new DriveConnectError(DRIVE_CONNECTION_MESSAGES.popupTimeout, 'timeout'))));
        }
      }, DRIVE_LIMITS.popupClosedPollMs);
    });
  }

  /** SPEC §4 fallback: a full-page redirect; the return address travels in the state. */
  redirect(scopes: string[]): void {
    const back = normaliseReturnAddress(`${this.win.location.pathname}${this.win.location.search}`);
    this.win.location.assign(this.consentUrl(scopes, `${DRIVE_OAUTH_STATE}:${encodeURIComponent(back)}`));
  }

  /** Revokes the grant at Google (best effort; the server's too) and forgets it here. */
  async disconnect(fetchImpl: typeof fetch = fetch): Promise<void> {
    const token = this.state.accessToken;
    const serverGrant = this.canRefresh();
    this.set(SIGNED_OUT);
    if (serverGrant) await this.config.tokens?.revoke().catch(() => undefined);
    if (!token) return;
    const origin = new URL(this.config.authUrl).origin;
    const revokeUrl = origin === 'https://accounts.google.com' ? 'https://oauth2.googleapis.com/revoke' : `${origin}/revoke`;
    await fetchImpl(revokeUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }) }).catch(() => undefined);
  }

  setAccount(account: DriveAuthState['account']): void {
    this.set({ ...this.state, account });
  }

  recordError(message: string): void {
    this.set({ ...this.state, lastError: message });
  }

  /** The popup's (or the redirect's) pending record becomes the auth state. */
  adoptPending(): boolean {
    const raw = this.win.localStorage.getItem(DRIVE_OAUTH_PENDING_KEY);
    const error = this.win.localStorage.getItem(`${DRIVE_OAUTH_PENDING_KEY}:error`);
    if (error) {
      this.win.localStorage.removeItem(`${DRIVE_OAUTH_PENDING_KEY}:error`);
      this.state = { ...this.state, lastError: error === 'access_denied' ? AUTH_ERROR_MESSAGES.oauth_cancelled : `OAuth error: ${error}` };
    }
    if (!raw) return false;
    this.win.localStorage.removeItem(DRIVE_OAUTH_PENDING_KEY);
    try {
      const record = JSON.parse(raw) as PendingDriveOAuth;
      if (!record.access_token) return false;
      const lifetime = (record.expires_in || DRIVE_LIMITS.defaultTokenLifetimeSeconds) * 1000;
      this.set({ accessToken: record.access_token, refreshToken: null, expiresAt: record.timestamp + lifetime, isAuthenticated: true, scope: record.scope, account: this.state.account });
      return true;
    } catch {
      return false;
    }
  }

  private takePendingCode(): PendingDriveOAuthCode | null {
    const raw = this.win.localStorage.getItem(DRIVE_OAUTH_PENDING_CODE_KEY);
    if (!raw) return null;
    this.win.localStorage.removeItem(DRIVE_OAUTH_PENDING_CODE_KEY);
    try {
      const pending = JSON.parse(raw) as PendingDriveOAuthCode;
      return typeof pending.code === 'string' && pending.code ? pending : null;
    } catch {
      return null;
    }
  }

  /** The popup's code, exchanged on the server: the refresh token never comes to this page. */
  private async exchangePendingCode(pending: PendingDriveOAuthCode): Promise<DriveAuthState> {
    // The message and the stored copy are the same code, which Google accepts once.
    const stored = this.takePendingCode();
    const code = pending.code || stored?.code;
    if (!this.config.tokens || !code) throw this.fail(new DriveConnectError(VALIDATION_MESSAGES.noAccessToken(DRIVE_CONNECTION_MESSAGES.identityProvider), 'no-token'));
    try {
      this.adoptAnswer(await this.config.tokens.exchange(code, pending.redirect_uri || `${this.win.location.origin}${DRIVE_OAUTH_CALLBACK_PATH}`));
      return this.state;
    } catch (error) {
      throw this.fail(new DriveConnectError(error instanceof Error ? error.message : String(error), 'no-token'));
    }
  }

  private adoptAnswer(answer: DriveTokenAnswer): void {
    const lifetime = (answer.expires_in || DRIVE_LIMITS.defaultTokenLifetimeSeconds) * 1000;
    this.set({
      accessToken: answer.access_token,
      refreshToken: answer.grant ? `${GRANT_PREFIX}${answer.grant}` : null,
      expiresAt: this.now() + lifetime,
      isAuthenticated: true,
      scope: answer.scope,
      account: this.state.account,
    });
  }

  private fail(error: DriveConnectError): DriveConnectError {
    this.recordError(error.message);
    return error;
  }

  private read(): DriveAuthState {
    try {
      const raw = this.win.localStorage.getItem(AUTH_KEY);
      if (!raw) return SIGNED_OUT;
      const s = JSON.parse(raw) as DriveAuthState;
      return s && typeof s === 'object' ? { ...SIGNED_OUT, ...s } : SIGNED_OUT;
    } catch {
      return SIGNED_OUT;
    }
  }

  private set(next: DriveAuthState): void {
    this.state = next;
    try {
      this.win.localStorage.setItem(AUTH_KEY, JSON.stringify(next));
    } catch {
      // private mode: the connection lasts for this page only
    }
    for (const l of this.listeners) l(next);
  }
}

/** SPEC §4: initialising the Drive interface is tried 3 times, waiting 1 s then 2 s (cap 5 s). */
const DRIVE_INIT_RETRY = fixedRetryPolicy({
  ...OPERATION_RETRY.driveInit,
  // A refused token will not get better by waiting.
  shouldRetry: (error) => {
    const status = (error as { status?: number } | null)?.status;
    return status !== 401 && status !== 403;
  },
});

export function initialiseWithRetry<T>(init: () => Promise<T>, options?: RetryOptions): Promise<T> {
  return withRetry(() => init(), DRIVE_INIT_RETRY, options);
}
