import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { challengeMatches } from '../src/auth/one-time-tokens';
import { RateLimiter } from '../src/auth/rate-limit';
import { authRateLimits } from '../src/auth/settings';
import { tomlValue } from '../src/auth/supabase-toml';
import type { StackConfig } from '../src/context';
import { readStackSettings } from '../src/settings';

describe('auth rate limiter', () => {
  it('spends a budget per bucket and IP, then says how long to wait until the window ends', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => now);
    expect(limiter.take('token', '10.0.0.1', 2, 300)).toEqual({ ok: true });
    expect(limiter.take('token', '10.0.0.1', 2, 300)).toEqual({ ok: true });
    expect(limiter.take('token', '10.0.0.1', 2, 300)).toEqual({ ok: false, retryAfter: 300 });
    expect(limiter.take('token', '10.0.0.2', 2, 300)).toEqual({ ok: true });
    expect(limiter.take('signup', '10.0.0.1', 2, 300)).toEqual({ ok: true });
    now += 299_500;
    expect(limiter.take('token', '10.0.0.1', 2, 300)).toEqual({ ok: false, retryAfter: 1 });
    now += 500;
    expect(limiter.take('token', '10.0.0.1', 2, 300)).toEqual({ ok: true });
  });
});

describe('auth settings from supabase/config.toml', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-toml-'));
    writeFileSync(
      path.join(dir, 'config.toml'),
      ['[auth]', 'site_url = "http://127.0.0.1:4200"', '', '[auth.rate_limit]', 'email_sent = 2 # per hour', 'sign_in_sign_ups = 30', '', '[functions.open]', 'verify_jwt = false', '[auth.external.google]', 'client_id = "env(TEST_GOOGLE_ID)"'].join('\n'),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads scalars by section and key, with env() values', () => {
    expect(tomlValue(dir, 'auth.rate_limit', 'email_sent')).toBe(2);
    expect(tomlValue(dir, 'auth', 'site_url')).toBe('http://127.0.0.1:4200');
    expect(tomlValue(dir, 'functions.open', 'verify_jwt')).toBe(false);
    expect(tomlValue(dir, 'auth.external.google', 'client_id', { TEST_GOOGLE_ID: 'abc' })).toBe('abc');
    expect(tomlValue(dir, 'auth', 'email_sent')).toBeUndefined();
  });

  it('layers defaults < config.toml < environment < startStack overrides', () => {
    const config = { supabaseDir: dir } as StackConfig;
    expect(authRateLimits(config, readStackSettings({}))).toMatchObject({ emailSent: 2, signInSignUps: 30, tokenRefresh: 150 });
    expect(authRateLimits(config, readStackSettings({ AUTH_RATE_LIMIT_EMAIL_SENT: '9' })).emailSent).toBe(9);
    expect(authRateLimits({ ...config, authRateLimits: { emailSent: 99 } }, readStackSettings({ AUTH_RATE_LIMIT_EMAIL_SENT: '9' })).emailSent).toBe(99);
  });
});

describe('PKCE', () => {
  it('checks s256 and plain challenges as RFC 7636 defines them', () => {
    // RFC 7636 appendix B's example.
    expect(challengeMatches('s256', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(true);
    expect(challengeMatches('s256', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', 'wrong')).toBe(false);
    expect(challengeMatches('plain', 'same', 'same')).toBe(true);
    expect(challengeMatches('other', 'same', 'same')).toBe(false);
  });
});
