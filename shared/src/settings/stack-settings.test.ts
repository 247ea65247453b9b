import { FunctionSettingError, readFunctionSetting } from './function-settings';
import { SettingsError, parseSettings, parseStackSettings } from './settings';

describe("the local stack's settings in the one schema (ADR 0481)", () => {
  it('leave every unset or empty variable to its default', () => {
    expect(parseStackSettings({})).toEqual({});
    expect(parseStackSettings({ STACK_ANON_YIELD_MS: '', BACKUP_SCHEDULE: '', CORS_ORIGINS: '', PATH: '/bin' })).toEqual({});
  });

  it('turn what is set into values', () => {
    expect(
      parseStackSettings({
        STACK_ANON_STATEMENT_TIMEOUT_MS: '1500',
        STACK_SERVICE_ROLE_STATEMENT_TIMEOUT_MS: '0',
        STACK_ALLOWED_HOSTS: 'dossier.lan, nas.local:54321,',
        STACK_DEMO_KEYS: 'yes',
        GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: 'false',
        BACKUP_SCHEDULE: 'Daily',
        BACKUP_KEEP: '3',
        AUTH_RATE_LIMIT_EMAIL_SENT: '9',
        STORAGE_FILE_SIZE_LIMIT: '5MiB',
        DOSSIER_MODE: 'production',
      }),
    ).toEqual({
      STACK_ANON_STATEMENT_TIMEOUT_MS: 1500,
      STACK_SERVICE_ROLE_STATEMENT_TIMEOUT_MS: 0,
      STACK_ALLOWED_HOSTS: ['dossier.lan', 'nas.local:54321'],
      STACK_DEMO_KEYS: true,
      GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: false,
      BACKUP_SCHEDULE: 86_400_000,
      BACKUP_KEEP: 3,
      AUTH_RATE_LIMIT_EMAIL_SENT: 9,
      STORAGE_FILE_SIZE_LIMIT: '5MiB',
      DOSSIER_MODE: 'production',
    });
  });

  it.each([
    ['STACK_ANON_STATEMENT_TIMEOUT_MS', 'abc', 'must be a whole number of milliseconds (0 = no limit)'],
    ['STACK_ANON_YIELD_MS', '-5', 'must be a whole number of milliseconds (0 = no limit)'],
    ['SCHEDULER_TICK_MS', '5s', 'must be a whole number of milliseconds (0 = no limit)'],
    ['BACKUP_SCHEDULE', 'sometimes', 'must be hourly, daily, weekly or a period such as 6h, 30m or 2d (at least 1m)'],
    ['BACKUP_KEEP', '0', 'must be a whole number of archives to keep (1 or more)'],
    ['AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', 'lots', 'must be a whole number of requests (1 or more)'],
    ['STACK_DEMO_KEYS', 'maybe', 'must be true or false (1/0, yes/no, on/off)'],
    ['DATABASE_URL', 'mysql://h/db', 'must be a postgres:// connection URL'],
    ['SITE_URL', 'app.example', 'must be an absolute http(s) URL'],
    ['STORAGE_FILE_SIZE_LIMIT', 'big', 'must be a size such as 50MiB, 5MB or 1048576 (bytes)'],
    ['DOSSIER_MODE', 'prod', 'must be development or production'],
    ['MAIL_TIME_ZONE', 'Mars/Olympus', 'must be an IANA time zone such as Europe/Paris or UTC'],
    ['STACK_PORT', '70000', 'must be a port number (0-65535, 0 = a free one)'],
  ])('refuse a wrong %s, naming it', (name, value, rule) => {
    const message = `The environment is not valid: ${name} ${rule} (got ${JSON.stringify(value)}) (docs/configuration.md)`;
    expect(() => parseStackSettings({ [name]: value })).toThrow(new SettingsError([`${name} ${rule} (got ${JSON.stringify(value)})`]));
    expect(() => parseStackSettings({ [name]: value })).toThrow(message);
    // `npm start` and `npm run dev` check the whole schema, the stack's part included.
    expect(() => parseSettings({ [name]: value })).toThrow(message);
  });
});

describe("the Edge Functions' settings", () => {
  const from = (env: Record<string, string>) => (name: string) => env[name];

  it('read a right value, and unset or empty as unset', () => {
    expect(readFunctionSetting('MAIL_API_URL', from({ MAIL_API_URL: 'https://api.resend.com' }))).toBe('https://api.resend.com');
    expect(readFunctionSetting('MAIL_API_URL', from({ MAIL_API_URL: '' }))).toBeUndefined();
    expect(readFunctionSetting('APP_ORIGINS', from({}))).toBeUndefined();
  });

  it('refuse a wrong one, naming it', () => {
    expect(() => readFunctionSetting('SITE_URL', from({ SITE_URL: 'dossier.example' }))).toThrow(FunctionSettingError);
    expect(() => readFunctionSetting('SITE_URL', from({ SITE_URL: 'dossier.example' }))).toThrow('SITE_URL must be an absolute http(s) URL (got "dossier.example")');
    expect(() => readFunctionSetting('STRIPE_API_PORT', from({ STRIPE_API_PORT: 'x' }))).toThrow('STRIPE_API_PORT must be a port number (0-65535) (got "x")');
  });
});
