import path from 'node:path';
import { DEFAULT_CORS_ORIGINS, StackConfigError, findRepoRoot, loadConfig } from '../src/config';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET } from '../src/keys';

describe('stack configuration', () => {
  it("uses the Supabase CLI's local defaults", () => {
    const c = loadConfig({}, {});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(54321);
    expect(c.googlePort).toBe(54330);
    expect(c.publicUrl).toBe('http://127.0.0.1:54321');
    // Keys come from <dataDir>/keys.json at start (installation-keys.ts), not from public demo values.
    expect(c.demoKeys).toBe(false);
    expect(c.jwtSecret).toBe('');
    expect(c.statementTimeoutMs).toEqual({ anon: 3000, authenticated: 8000, service_role: 0 });
    expect(c.dataDir).toBe(path.join(findRepoRoot(), '.local-stack'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.storage).toEqual({ kind: 'local', root: path.join(findRepoRoot(), '.local-stack', 'storage') });
    expect(c.corsOrigins).toEqual(DEFAULT_CORS_ORIGINS);
    expect(c.corsOrigins).toContain('http://localhost:4203');
    expect(c.enableEmailConfirmations).toBe(false);
    expect(c.maxJsonBodyBytes).toBe(2 * 1024 * 1024);
  });

  it('reads ports, host, data dir, database and CORS from the environment', () => {
    const c = loadConfig({}, {
      SUPABASE_PORT: '6000',
      STACK_HOST: '0.0.0.0',
      GOOGLE_EMULATOR_PORT: '6001',
      STACK_DATA_DIR: '/tmp/dossier-x',
      DATABASE_URL: 'postgres://u:p@h/db',
      CORS_ORIGINS: 'http://a.test, http://b.test',
      ENABLE_EMAIL_CONFIRMATIONS: 'true',
      SITE_URL: 'http://app.test',
    });
    expect(c.publicUrl).toBe('http://0.0.0.0:6000');
    expect(c.googleUrl).toBe('http://0.0.0.0:6001');
    expect(c.dataDir).toBe('/tmp/dossier-x');
    expect(c.databaseUrl).toBe('postgres://u:p@h/db');
    expect(c.corsOrigins).toEqual(['http://a.test', 'http://b.test']);
    expect(c.enableEmailConfirmations).toBe(true);
    expect(c.siteUrl).toBe('http://app.test');
  });

  it("uses the Supabase CLI's public demo keys only when STACK_DEMO_KEYS asks for them", () => {
    const c = loadConfig({}, { STACK_DEMO_KEYS: '1' });
    expect(c.demoKeys).toBe(true);
    expect(c.jwtSecret).toBe(DEMO_JWT_SECRET);
    expect(c.anonKey).toBe(DEMO_ANON_KEY);
  });

  it('reads allowed hosts, statement timeouts and redirect URLs from the environment', () => {
    const c = loadConfig({}, {
      STACK_ALLOWED_HOSTS: 'dossier.lan, nas.local:54321',
      STACK_ANON_STATEMENT_TIMEOUT_MS: '1500',
      STACK_AUTHENTICATED_STATEMENT_TIMEOUT_MS: '4000',
      ADDITIONAL_REDIRECT_URLS: 'https://dossier.lan/*',
    });
    expect(c.allowedHosts).toEqual(['dossier.lan', 'nas.local:54321']);
    expect(c.statementTimeoutMs).toEqual({ anon: 1500, authenticated: 4000, service_role: 0 });
    expect(c.redirectUrls).toEqual(['https://dossier.lan/*']);
    expect(() => loadConfig({}, { STACK_ANON_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(StackConfigError);
  });

  it('stops on a wrong value of any declared setting, naming it as `npm start` does (ADR 0481)', () => {
    expect(() => loadConfig({}, { STACK_ANON_YIELD_MS: 'soon' })).toThrow(
      new StackConfigError('The environment is not valid: STACK_ANON_YIELD_MS must be a whole number of milliseconds (0 = no limit) (got "soon") (docs/configuration.md)'),
    );
    expect(() => loadConfig({}, { SCHEDULER_TICK_MS: '5s', ENABLE_EMAIL_CONFIRMATIONS: 'sure' })).toThrow(
      /ENABLE_EMAIL_CONFIRMATIONS must be true or false .*; SCHEDULER_TICK_MS must be a whole number of milliseconds/,
    );
    expect(() => loadConfig({}, { AUTH_RATE_LIMIT_EMAIL_SENT: '0' })).toThrow(/AUTH_RATE_LIMIT_EMAIL_SENT must be a whole number of e-mails \(1 or more\)/);
  });

  it('keeps what it read for the modules that read settings per request', () => {
    const c = loadConfig({}, { SCHEDULER_TICK_MS: '0', AUTH_RATE_LIMIT_EMAIL_SENT: '9', MAIL_LOCALE: 'fr-FR' });
    expect(c.schedulerTickMs).toBe(0);
    expect(c.settings).toEqual({ SCHEDULER_TICK_MS: 0, AUTH_RATE_LIMIT_EMAIL_SENT: 9, MAIL_LOCALE: 'fr-FR' });
    expect(loadConfig({}, {}).schedulerTickMs).toBe(5000);
  });

  it('rejects a port that is not a number', () => {
    expect(() => loadConfig({}, { STACK_PORT: 'abc' })).toThrow(StackConfigError);
  });

  it('chooses S3 when configured completely', () => {
    const c = loadConfig({}, {
      STORAGE_S3_REGION: 'eu-west-1',
      STORAGE_S3_ACCESS_KEY_ID: 'id',
      STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      STORAGE_S3_BUCKET: 'dossier',
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:4569',
    });
    expect(c.storage).toEqual({
      kind: 's3',
      region: 'eu-west-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      bucket: 'dossier',
      endpoint: 'http://127.0.0.1:4569',
      forcePathStyle: true,
    });
  });

  it.each([
    ['STORAGE_S3_REGION', { STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_SECRET_ACCESS_KEY: 's', STORAGE_S3_BUCKET: 'b' }],
    ['STORAGE_S3_ACCESS_KEY_ID', { STORAGE_S3_REGION: 'r', STORAGE_S3_SECRET_ACCESS_KEY: 's', STORAGE_S3_BUCKET: 'b' }],
    ['STORAGE_S3_SECRET_ACCESS_KEY', { STORAGE_S3_REGION: 'r', STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_BUCKET: 'b' }],
    ['STORAGE_S3_BUCKET', { STORAGE_S3_REGION: 'r', STORAGE_S3_ACCESS_KEY_ID: 'id', STORAGE_S3_SECRET_ACCESS_KEY: 's' }],
  ])('stops with a message naming %s when it is missing', (missing, env) => {
    expect(() => loadConfig({}, env)).toThrow(new RegExp(missing));
  });
});
