import { SESSION_POLL, oauthErrorMessage } from '@dossier/shared/core';
import { cleanOAuthAddress, detectSupabaseSessionInUrl, ignoreDriveCodeCallbackInMainWindow, pollForSession, readOAuthReturn } from './oauth-return';

describe('readOAuthReturn (SPEC §4 OAuth return handling)', () => {
  it('counts access_denied as a failure without a message', () => {
    expect(readOAuthReturn('http://app/auth?error=access_denied&error_description=denied', true)).toEqual({
      kind: 'error',
      code: 'access_denied',
      message: null,
    });
    expect(readOAuthReturn('http://app/auth#error=access_denied&error_code=access_denied', false)).toMatchObject({ message: null });
  });

  it("gives 'OAuth error: {code}' for any other error", () => {
    expect(readOAuthReturn('http://app/auth#error=server_error&error_code=unexpected_failure', true)).toEqual({
      kind: 'error',
      code: 'unexpected_failure',
      message: oauthErrorMessage('unexpected_failure'),
    });
    expect(readOAuthReturn('http://app/auth?error=invalid_request', false)).toMatchObject({ message: 'OAuth error: invalid_request' });
  });

  it('ignores a drive authorization-code callback in the main window', () => {
    expect(readOAuthReturn('http://app/?code=abc&state=google_drive_auth', false)).toEqual({ kind: 'drive-callback' });
    // The drive area's redirect fallback returns a token in the fragment: not ours to touch.
    expect(readOAuthReturn('http://app/#access_token=t&state=google_drive_auth', false)).toEqual({ kind: 'none' });
  });

  it('expects a session after the provider redirect, and nothing on an ordinary load', () => {
    expect(readOAuthReturn('http://app/auth', true)).toEqual({ kind: 'session-expected' });
    expect(readOAuthReturn('http://app/auth#access_token=a&refresh_token=b', false)).toEqual({ kind: 'session-expected' });
    expect(readOAuthReturn('http://app/auth?redirect=%2Fdocuments', false)).toEqual({ kind: 'none' });
    expect(readOAuthReturn('http://app/auth#/not-params', false)).toEqual({ kind: 'none' });
  });

  it('cleans OAuth parameters and keeps the others', () => {
    expect(cleanOAuthAddress('http://app/auth?redirect=%2Fdocuments&code=1&state=google_drive_auth')).toBe('/auth?redirect=%2Fdocuments');
    expect(cleanOAuthAddress('http://app/auth#error=x&error_description=y')).toBe('/auth');
  });

  it("never lets supabase-js read the drive's token return", () => {
    const url = new URL('http://app/#access_token=google&state=google_drive_auth');
    expect(detectSupabaseSessionInUrl(url, { access_token: 'google', state: 'google_drive_auth' })).toBe(false);
    expect(detectSupabaseSessionInUrl(new URL('http://app/'), { access_token: 'supabase' })).toBe(true);
    expect(detectSupabaseSessionInUrl(new URL('http://app/'), {})).toBe(false);
  });
});

describe('pollForSession (SPEC §9: 10 times at 500 ms)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('asks 10 times, 500 ms apart, then gives up', async () => {
    const getSession = jest.fn().mockResolvedValue({ data: { session: null } });
    const result = pollForSession(getSession);
    await jest.advanceTimersByTimeAsync(0);
    expect(getSession).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(499);
    expect(getSession).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(getSession).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(SESSION_POLL.intervalMs * 20);
    await expect(result).resolves.toBeNull();
    expect(getSession).toHaveBeenCalledTimes(SESSION_POLL.attempts);
  });

  it('stops as soon as the session exists', async () => {
    const session = { access_token: 'a' };
    const getSession = jest
      .fn()
      .mockResolvedValueOnce({ data: { session: null } })
      .mockResolvedValueOnce({ data: { session: null } })
      .mockResolvedValue({ data: { session } });
    const result = pollForSession(getSession);
    await jest.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBe(session);
    expect(getSession).toHaveBeenCalledTimes(3);
  });
});

describe('ignoreDriveCodeCallbackInMainWindow', () => {
  const windowAt = (href: string, opener: unknown = null) => {
    const replaceState = jest.fn();
    return { win: { location: { href } as Location, history: { state: null, replaceState } as unknown as History, opener }, replaceState };
  };

  it('cleans a drive code callback opened in the main window', () => {
    const { win, replaceState } = windowAt('http://app/documents?code=abc&state=google_drive_auth&scope=drive');
    expect(ignoreDriveCodeCallbackInMainWindow(win as never)).toBe(true);
    expect(replaceState).toHaveBeenCalledWith(null, '', '/documents');
  });

  it('leaves it to the popup, and leaves other addresses alone', () => {
    expect(ignoreDriveCodeCallbackInMainWindow(windowAt('http://app/?code=abc&state=google_drive_auth', {}).win as never)).toBe(false);
    expect(ignoreDriveCodeCallbackInMainWindow(windowAt('http://app/dashboard?tab=1').win as never)).toBe(false);
  });
});
