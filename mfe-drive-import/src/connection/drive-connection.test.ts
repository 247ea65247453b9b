import { AUTH_ERROR_MESSAGES, DRIVE_CONNECTION_MESSAGES, VALIDATION_MESSAGES } from '@dossier/shared/core';
import { completeDriveOAuthReturn, DRIVE_OAUTH_MESSAGE, DRIVE_OAUTH_PENDING_CODE_KEY, DRIVE_OAUTH_PENDING_KEY, normaliseReturnAddress } from '@dossier/shared/drive-oauth';
import { DRIVE_READ_SCOPE, DriveConnection, DriveGrantGoneError, initialiseWithRetry, type ConnectWindow, type DriveTokenService } from './drive-connection';

const ORIGIN = 'https://app.example';

function fakeWindow(popup: { closed: boolean; close(): void } | null) {
  const listeners = new Set<(e: MessageEvent) => void>();
  const opened: Array<{ url: string; features: string }> = [];
  const assigned: string[] = [];
  const win = {
    location: { origin: ORIGIN, pathname: '/documents', search: '?q=tax', hash: '', assign: (u: string) => assigned.push(u) },
    open: (url: string, _name: string, features: string) => {
      opened.push({ url, features });
      return popup;
    },
    addEventListener: (_t: 'message', l: (e: MessageEvent) => void) => listeners.add(l),
    removeEventListener: (_t: 'message', l: (e: MessageEvent) => void) => listeners.delete(l),
    localStorage: window.localStorage,
  } satisfies ConnectWindow;
  const post = (data: unknown, origin = ORIGIN) => listeners.forEach((l) => l({ data, origin } as MessageEvent));
  return { win, opened, assigned, post, listeners };
}

const config = { clientId: 'cid', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth', apiBaseUrl: 'https://www.googleapis.com/drive/v3' };

beforeEach(() => {
  window.localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

describe('Drive consent popup (SPEC §4/§5/§9)', () => {
  it('opens 500×600 on the token consent URL and ignores messages from other origins', async () => {
    const popup = { closed: false, close: jest.fn() };
    const w = fakeWindow(popup);
    const conn = new DriveConnection(config, w.win, () => 1_000);
    const p = conn.connect();
    expect(w.opened[0].features).toMatch(/width=500,height=600/);
    const url = new URL(w.opened[0].url);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ response_type: 'token', prompt: 'consent', state: 'google_drive_auth', scope: DRIVE_READ_SCOPE, redirect_uri: `${ORIGIN}/oauth-callback` });
    const record = { access_token: 'ya29.x', expires_in: 3599, scope: DRIVE_READ_SCOPE, token_type: 'Bearer', timestamp: 1_000 };
    w.post({ type: DRIVE_OAUTH_MESSAGE, ok: true, record }, 'https://evil.example');
    expect(conn.getState().isAuthenticated).toBe(false);
    window.localStorage.setItem(DRIVE_OAUTH_PENDING_KEY, JSON.stringify(record));
    w.post({ type: DRIVE_OAUTH_MESSAGE, ok: true, record });
    await expect(p).resolves.toMatchObject({ accessToken: 'ya29.x', isAuthenticated: true, expiresAt: 1_000 + 3_599_000 });
    expect(conn.accessToken()).toBe('ya29.x');
  });

  it('a message without a token fails with SPEC text; access_denied is a cancel', async () => {
    const w = fakeWindow({ closed: false, close: jest.fn() });
    const conn = new DriveConnection(config, w.win);
    const p = conn.connect();
    w.post({ type: DRIVE_OAUTH_MESSAGE, ok: true, record: { access_token: '' } });
    await expect(p).rejects.toThrow(VALIDATION_MESSAGES.noAccessToken('Google'));
    const q = conn.connect();
    w.post({ type: DRIVE_OAUTH_MESSAGE, ok: false, error: 'access_denied' });
    await expect(q).rejects.toThrow(AUTH_ERROR_MESSAGES.oauth_cancelled);
  });

  it('closing the popup cancels (polled every second); an open popup is closed at the 120 s cap', async () => {
    const popup = { closed: false, close: jest.fn() };
    const w = fakeWindow(popup);
    let now = 0;
    const conn = new DriveConnection(config, w.win, () => now);
    const p = conn.connect();
    popup.closed = true;
    now = 1_000;
    jest.advanceTimersByTime(1_000);
    await expect(p).rejects.toThrow(DRIVE_CONNECTION_MESSAGES.popupCancelled);
    const again: { closed: boolean; close: jest.Mock } = { closed: false, close: jest.fn(() => (again.closed = true)) };
    const w2 = fakeWindow(again);
    now = 0;
    const conn2 = new DriveConnection(config, w2.win, () => now);
    const q = conn2.connect();
    now = 119_000;
    jest.advanceTimersByTime(119_000);
    expect(again.close).not.toHaveBeenCalled();
    now = 120_000;
    jest.advanceTimersByTime(1_000);
    await expect(q).rejects.toThrow(DRIVE_CONNECTION_MESSAGES.popupTimeout);
    expect(w2.listeners.size).toBe(0);
  });

  it('a blocked popup redirects the page, remembering where to come back', () => {
    const w = fakeWindow(null);
    void new DriveConnection(config, w.win).connect();
    const state = new URL(w.assigned[0]).searchParams.get('state')!;
    expect(decodeURIComponent(state)).toBe('google_drive_auth:/documents?q=tax');
    expect(normaliseReturnAddress('/auth')).toBe('/');
    expect(normaliseReturnAddress('/')).toBe('/');
    expect(normaliseReturnAddress('//evil.example')).toBe('/');
  });

  it('the popup page stores the pending record, posts to its opener with its own origin, and closes', () => {
    const opener = { postMessage: jest.fn() };
    const close = jest.fn();
    const storage = new Map<string, string>();
    const handled = completeDriveOAuthReturn(
      {
        location: { href: `${ORIGIN}/oauth-callback#access_token=tok&expires_in=3599&scope=s&token_type=Bearer&state=google_drive_auth`, origin: ORIGIN, replace: jest.fn() },
        opener,
        localStorage: { setItem: (k: string, v: string) => storage.set(k, v) },
        close,
      },
      () => 42,
    );
    expect(handled).toBe(true);
    expect(JSON.parse(storage.get(DRIVE_OAUTH_PENDING_KEY)!)).toEqual({ access_token: 'tok', expires_in: 3599, scope: 's', token_type: 'Bearer', timestamp: 42 });
    expect(opener.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: DRIVE_OAUTH_MESSAGE, ok: true }), ORIGIN);
    expect(close).toHaveBeenCalled();
    const replace = jest.fn();
    completeDriveOAuthReturn({ location: { href: `${ORIGIN}/oauth-callback#access_token=t&state=google_drive_auth%3A%252Fauth`, origin: ORIGIN, replace }, opener: null, localStorage: { setItem: jest.fn() }, close: jest.fn() });
    expect(replace).toHaveBeenCalledWith('/');
    expect(completeDriveOAuthReturn({ location: { href: `${ORIGIN}/documents`, origin: ORIGIN, replace }, opener: null, localStorage: { setItem: jest.fn() }, close: jest.fn() })).toBe(false);
  });

  it('initialising retries 3 times waiting 1 s then 2 s, but not a refused token', async () => {
    jest.useFakeTimers();
    try {
      const waits: number[] = [];
      const init = jest.fn().mockRejectedValueOnce(new Error('down')).mockRejectedValueOnce(new Error('down')).mockResolvedValue('ok');
      const result = initialiseWithRetry(init, { onRetry: ({ delayMs }) => void waits.push(delayMs) });
      await jest.advanceTimersByTimeAsync(3_000);
      await expect(result).resolves.toBe('ok');
      expect(waits).toEqual([1_000, 2_000]);
      const refused = jest.fn().mockRejectedValue(Object.assign(new Error('no'), { status: 401 }));
      await expect(initialiseWithRetry(refused)).rejects.toThrow('no');
      expect(refused).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the authorization-code path with the grant on the server (ADR 0130)', () => {
  const answer = (token: string) => ({ access_token: token, expires_in: 3599, scope: DRIVE_READ_SCOPE, grant: 'g-1' });
  function tokens(overrides: Partial<DriveTokenService> = {}): jest.Mocked<DriveTokenService> {
    return { exchange: jest.fn(async () => answer('ya29.first')), refresh: jest.fn(async () => answer('ya29.fresh')), revoke: jest.fn(async () => undefined), ...overrides } as jest.Mocked<DriveTokenService>;
  }
  const codeMessage = { type: DRIVE_OAUTH_MESSAGE, ok: true, code: { code: '4/0Acode', scope: DRIVE_READ_SCOPE, redirect_uri: `${ORIGIN}/oauth-callback`, timestamp: 1 } };

  it('the popup asks for a code with offline access; the opener exchanges it on the server and keeps only a handle', async () => {
    const t = tokens();
    const w = fakeWindow({ closed: false, close: jest.fn() });
    const conn = new DriveConnection({ ...config, tokens: t }, w.win, () => 1_000);
    const p = conn.connect();
    expect(Object.fromEntries(new URL(w.opened[0].url).searchParams)).toMatchObject({ response_type: 'code', access_type: 'offline', prompt: 'consent', state: 'google_drive_auth' });
    window.localStorage.setItem(DRIVE_OAUTH_PENDING_CODE_KEY, JSON.stringify(codeMessage.code));
    w.post(codeMessage);
    await expect(p).resolves.toMatchObject({ accessToken: 'ya29.first', refreshToken: 'grant:g-1', expiresAt: 1_000 + 3_599_000, isAuthenticated: true });
    expect(t.exchange).toHaveBeenCalledTimes(1);
    expect(t.exchange).toHaveBeenCalledWith('4/0Acode', `${ORIGIN}/oauth-callback`);
    // The code is used once: the stored copy is gone.
    expect(window.localStorage.getItem(DRIVE_OAUTH_PENDING_CODE_KEY)).toBeNull();
    expect(JSON.stringify(conn.getState())).not.toContain('1//');
  });

  it('a popup whose message never arrived is finished from the stored code when it closes', async () => {
    const t = tokens();
    const popup = { closed: false, close: jest.fn() };
    const w = fakeWindow(popup);
    const conn = new DriveConnection({ ...config, tokens: t }, w.win, () => 0);
    const p = conn.connect();
    window.localStorage.setItem(DRIVE_OAUTH_PENDING_CODE_KEY, JSON.stringify(codeMessage.code));
    popup.closed = true;
    jest.advanceTimersByTime(1_000);
    await expect(p).resolves.toMatchObject({ accessToken: 'ya29.first' });
  });

  it('refreshes on the server when 5 minutes or less remain, one refresh at a time', async () => {
    const t = tokens();
    let now = 1_000;
    const w = fakeWindow({ closed: false, close: jest.fn() });
    const conn = new DriveConnection({ ...config, tokens: t }, w.win, () => now);
    const p = conn.connect();
    w.post(codeMessage);
    await p;
    await expect(conn.usableAccessToken()).resolves.toBe('ya29.first');
    expect(t.refresh).not.toHaveBeenCalled();
    now += 3_599_000 - 300_000;
    const [a, b] = await Promise.all([conn.usableAccessToken(), conn.usableAccessToken()]);
    expect([a, b]).toEqual(['ya29.fresh', 'ya29.fresh']);
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(conn.getState().expiresAt).toBe(now + 3_599_000);
  });

  it('a grant Google refused ends the connection with a reconnect message; Disconnect revokes the server grant', async () => {
    const t = tokens({ refresh: jest.fn(async () => Promise.reject(new DriveGrantGoneError('gone'))) });
    const w = fakeWindow({ closed: false, close: jest.fn() });
    const conn = new DriveConnection({ ...config, tokens: t }, w.win, () => 0);
    const p = conn.connect();
    w.post(codeMessage);
    await p;
    await expect(conn.refresh()).resolves.toBeNull();
    expect(conn.getState()).toMatchObject({ isAuthenticated: false, accessToken: null, refreshToken: null, lastError: DRIVE_CONNECTION_MESSAGES.grantRevoked });

    const t2 = tokens();
    const w2 = fakeWindow({ closed: false, close: jest.fn() });
    const conn2 = new DriveConnection({ ...config, tokens: t2 }, w2.win, () => 0);
    const q = conn2.connect();
    w2.post(codeMessage);
    await q;
    await conn2.disconnect(jest.fn(async () => new Response('{}')) as unknown as typeof fetch);
    expect(t2.revoke).toHaveBeenCalledTimes(1);
    expect(conn2.getState().isAuthenticated).toBe(false);
  });

  it('the popup page hands the code to its opener; in the main window it leaves the code to the shell', () => {
    const opener = { postMessage: jest.fn() };
    const close = jest.fn();
    const storage = new Map<string, string>();
    const href = `${ORIGIN}/oauth-callback?state=google_drive_auth&code=4%2F0Acode&scope=${encodeURIComponent(DRIVE_READ_SCOPE)}`;
    expect(completeDriveOAuthReturn({ location: { href, origin: ORIGIN, replace: jest.fn() }, opener, localStorage: { setItem: (k: string, v: string) => storage.set(k, v) }, close }, () => 7)).toBe(true);
    const pending = { code: '4/0Acode', scope: DRIVE_READ_SCOPE, redirect_uri: `${ORIGIN}/oauth-callback`, timestamp: 7 };
    expect(JSON.parse(storage.get(DRIVE_OAUTH_PENDING_CODE_KEY)!)).toEqual(pending);
    expect(opener.postMessage).toHaveBeenCalledWith({ type: DRIVE_OAUTH_MESSAGE, ok: true, code: pending }, ORIGIN);
    expect(close).toHaveBeenCalled();
    expect(completeDriveOAuthReturn({ location: { href, origin: ORIGIN, replace: jest.fn() }, opener: null, localStorage: { setItem: jest.fn() }, close: jest.fn() })).toBe(false);
  });
});

describe('a second device reuses the server-held grant (ADR 0195)', () => {
  const answer = { access_token: 'ya29.device2', expires_in: 3599, scope: DRIVE_READ_SCOPE, grant: 'g-1' };

  it('a browser that never connected is connected from the server grant without opening a consent', async () => {
    const t = { exchange: jest.fn(), refresh: jest.fn(async () => answer), revoke: jest.fn() };
    const w = fakeWindow({ closed: false, close: jest.fn() });
    const conn = new DriveConnection({ ...config, tokens: t }, w.win, () => 5_000);
    expect(conn.getState().isAuthenticated).toBe(false);
    await expect(conn.adoptServerGrant()).resolves.toBe(true);
    expect(conn.getState()).toMatchObject({ isAuthenticated: true, accessToken: 'ya29.device2', refreshToken: 'grant:g-1', expiresAt: 5_000 + 3_599_000 });
    expect(w.opened).toHaveLength(0);
    expect(t.exchange).not.toHaveBeenCalled();
    // Already connected: no second call.
    await expect(conn.adoptServerGrant()).resolves.toBe(false);
    expect(t.refresh).toHaveBeenCalledTimes(1);
  });

  it('without a grant on the server the browser stays disconnected, with no error shown', async () => {
    const t = { exchange: jest.fn(), refresh: jest.fn(async () => Promise.reject(new DriveGrantGoneError('none'))), revoke: jest.fn() };
    const w = fakeWindow(null);
    const conn = new DriveConnection({ ...config, tokens: t }, w.win, () => 0);
    await expect(conn.adoptServerGrant()).resolves.toBe(false);
    expect(conn.getState()).toMatchObject({ isAuthenticated: false, accessToken: null });
    expect(conn.getState().lastError).toBeUndefined();
    expect(w.assigned).toHaveLength(0);
  });

  it('without a token service (token flow only) nothing is asked', async () => {
    const conn = new DriveConnection(config, fakeWindow(null).win, () => 0);
    await expect(conn.adoptServerGrant()).resolves.toBe(false);
  });
});
