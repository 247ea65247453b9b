// supabase/config.toml read as TOML (smol-toml), not by line patterns (issue 23 §3).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tomlList, tomlValue } from '../src/auth/supabase-toml';

describe('supabase/config.toml', () => {
  let dir: string;
  const write = (text: string) => writeFileSync(path.join(dir, 'config.toml'), text);
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-config-toml-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads what TOML means: a # inside a string, single quotes, dotted keys, nested tables', () => {
    write(
      [
        '[auth]',
        'site_url = "http://127.0.0.1:4200/#/start" # the app',
        "jwt_secret = 'single#quoted'",
        'rate_limit.email_sent = 4',
        '[auth.external.google]',
        'client_id = "env(TOML_TEST_ID)"',
        '[storage]',
        'file_size_limit = "5MiB"',
      ].join('\n'),
    );
    expect(tomlValue(dir, 'auth', 'site_url')).toBe('http://127.0.0.1:4200/#/start');
    expect(tomlValue(dir, 'auth', 'jwt_secret')).toBe('single#quoted');
    expect(tomlValue(dir, 'auth.rate_limit', 'email_sent')).toBe(4);
    expect(tomlValue(dir, 'auth.external.google', 'client_id', { TOML_TEST_ID: 'abc' })).toBe('abc');
    expect(tomlValue(dir, 'storage', 'file_size_limit')).toBe('5MiB');
    expect(tomlValue(dir, 'storage', 'missing')).toBeUndefined();
  });

  it('reads arrays over several lines, with env() entries', () => {
    write(['[auth.webauthn]', 'rp_origins = [', '  "http://localhost:4200", # dev', '  "env(TOML_TEST_ORIGIN)",', ']'].join('\n'));
    expect(tomlList(dir, 'auth.webauthn', 'rp_origins', { TOML_TEST_ORIGIN: 'https://app.example' })).toEqual(['http://localhost:4200', 'https://app.example']);
    expect(tomlList(dir, 'auth.webauthn', 'rp_origins', {})).toEqual(['http://localhost:4200']);
  });

  it('a broken file stops with where it broke instead of reading as "no setting"', () => {
    write('[auth]\nsite_url = "unterminated\n');
    expect(() => tomlValue(dir, 'auth', 'site_url')).toThrow(/config\.toml is not valid TOML/);
  });

  it('no file: no setting', () => {
    expect(tomlValue(dir, 'auth', 'site_url')).toBeUndefined();
  });
});
