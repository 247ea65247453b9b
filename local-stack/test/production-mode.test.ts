// Issue 28 §2/§3: `npm start` in production mode refuses development defaults and says which
// mode it runs in; `npm run app-config` writes a deployment's app-config.json that the shell's
// own schema accepts, and names what is missing. The commands of docs/self-host.md and
// docs/deploy.md, run as written.
import { parseAppConfig } from '@dossier/shared/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkStartMode, isProductionMode, productionProblems } from '../src/production';
import { backupSettings } from '../src/backup/settings';
import { readStackSettings } from '../src/settings';
import { runNpmScript } from './support/npm-script';

const good = {
  NODE_ENV: 'production',
  SITE_URL: 'https://dossier.example.org',
  CORS_ORIGINS: 'https://dossier.example.org',
  PUBLIC_API_URL: 'https://api.dossier.example.org',
};

describe('production mode', () => {
  it('is chosen by DOSSIER_MODE=production or NODE_ENV=production only', () => {
    expect(isProductionMode({})).toBe(false);
    expect(isProductionMode({ NODE_ENV: 'development' })).toBe(false);
    expect(isProductionMode({ DOSSIER_MODE: 'production' })).toBe(true);
    expect(isProductionMode({ NODE_ENV: 'production' })).toBe(true);
  });

  it('names every development default it refuses', () => {
    expect(productionProblems(good)).toEqual([]);
    const bad = productionProblems({ NODE_ENV: 'production', STACK_DEMO_KEYS: '1', SCHEDULER_TEST_CONTROLS: 'true', SITE_URL: 'http://127.0.0.1:4200', CORS_ORIGINS: 'http://localhost:4200' });
    expect(bad.join('\n')).toMatch(/STACK_DEMO_KEYS is set/);
    expect(bad.join('\n')).toMatch(/SCHEDULER_TEST_CONTROLS is set/);
    expect(bad.join('\n')).toMatch(/SITE_URL must be the app's public https address, .*"http:\/\/127\.0\.0\.1:4200"/);
    expect(bad.join('\n')).toMatch(/CORS_ORIGINS lists a loopback development origin/);
    expect(bad.join('\n')).toMatch(/PUBLIC_API_URL must be the API's public https address/);
    expect(productionProblems({ ...good, CORS_ORIGINS: '' })).toEqual([expect.stringMatching(/CORS_ORIGINS must list/)]);
    // On hosted Supabase the anon key must be given: never the local stack's demo key.
    expect(productionProblems({ ...good, PUBLIC_API_URL: undefined, SUPABASE_URL: 'https://x.supabase.co' })).toEqual([expect.stringMatching(/SUPABASE_ANON_KEY is not/)]);
  });

  it("refuses passkeys whose relying party is not the site's domain, and accepts the site's own", () => {
    const supabaseDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-production-toml-'));
    const write = (toml: string) => writeFileSync(path.join(supabaseDir, 'config.toml'), toml);
    try {
      // The project's own development file: passkeys on, rp_id = "localhost".
      expect(productionProblems(good, path.join(__dirname, '../../supabase'))).toEqual([
        expect.stringMatching(/\[auth\.webauthn\] rp_id in supabase\/config\.toml is "localhost" but the app is served from https:\/\/dossier\.example\.org: browsers would refuse every passkey\. Set rp_id = "dossier\.example\.org"/),
      ]);
      write('[auth.passkey]\nenabled = true\n\n[auth.webauthn]\nrp_id = "dossier.example.org"\n');
      expect(productionProblems(good, supabaseDir)).toEqual([]);
      // A parent domain is a valid relying party for a subdomain's page.
      write('[auth.passkey]\nenabled = true\n\n[auth.webauthn]\nrp_id = "example.org"\n');
      expect(productionProblems(good, supabaseDir)).toEqual([]);
      // From the environment, as the Supabase CLI reads env(NAME).
      write('[auth.passkey]\nenabled = true\n\n[auth.webauthn]\nrp_id = "env(PASSKEY_RP_ID)"\n');
      expect(productionProblems({ ...good, PASSKEY_RP_ID: 'dossier.example.org' }, supabaseDir)).toEqual([]);
      expect(productionProblems(good, supabaseDir)).toHaveLength(1);
      // Passkeys off: the relying party does not matter.
      write('[auth.passkey]\nenabled = false\n\n[auth.webauthn]\nrp_id = "localhost"\n');
      expect(productionProblems(good, supabaseDir)).toEqual([]);
    } finally {
      rmSync(supabaseDir, { recursive: true, force: true });
    }
  });

  it('says in its banner line which mode runs', () => {
    expect(checkStartMode(good)).toMatch(/^Mode: production — no development defaults: installation keys, CORS https:\/\/dossier\.example\.org, site https:\/\/dossier\.example\.org, debug routes off/);
    expect(checkStartMode({})).toMatch(/^Mode: development defaults .*DOSSIER_MODE=production/);
  });

  it('npm start in production mode refuses the demo keys before building or starting anything', async () => {
    const run = await runNpmScript('start', [], { ...good, STACK_DEMO_KEYS: '1', SHELL_PORT: '0', SUPABASE_PORT: '0', GOOGLE_EMULATOR_PORT: '0', STRIPE_EMULATOR_PORT: '0' });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/Production mode .* refuses to start with development defaults:\n {2}- STACK_DEMO_KEYS is set/);
    expect(run.out).not.toMatch(/Building|Dossier is running/);
  }, 120_000);
});

describe('backup settings', () => {
  it('reads BACKUP_SCHEDULE and BACKUP_KEEP, and refuses what it cannot read', () => {
    expect(backupSettings(readStackSettings({}), '/data')).toEqual({ dir: '/data/backups', everyMs: null, keep: 7 });
    expect(backupSettings(readStackSettings({ BACKUP_SCHEDULE: 'daily', BACKUP_KEEP: '3', BACKUP_DIR: '/b' }), '/data')).toEqual({ dir: '/b', everyMs: 86_400_000, keep: 3 });
    expect(backupSettings(readStackSettings({ BACKUP_SCHEDULE: '6h' }), '/data').everyMs).toBe(6 * 3_600_000);
    expect(() => backupSettings(readStackSettings({ BACKUP_SCHEDULE: 'sometimes' }), '/data')).toThrow(/BACKUP_SCHEDULE must be hourly, daily, weekly or a period/);
    expect(() => backupSettings(readStackSettings({ BACKUP_KEEP: '0' }), '/data')).toThrow(/BACKUP_KEEP must be a whole number/);
  });
});

describe('npm run app-config (docs/deploy.md)', () => {
  it('writes a config the shell accepts, pointing at the project, the static host and the real Google', async () => {
    const run = await runNpmScript('app-config', [], { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.e30.x', APP_BASE_URL: 'https://app.example.org/' });
    expect(run.code).toBe(0);
    const config = parseAppConfig(JSON.parse(run.out), 'generated');
    expect(config.supabaseUrl).toBe('https://abcd.supabase.co');
    expect(config.remotes.documents).toBe('https://app.example.org/mfe-documents/mf-manifest.json');
    expect(config.drive.enabled).toBe(false);
    expect(config.drive.authUrl).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(config.features.debugRoutes).toBe(false);
  }, 120_000);

  it('names what is missing and writes nothing', async () => {
    const run = await runNpmScript('app-config', [], { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_ANON_KEY: undefined, APP_BASE_URL: undefined });
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/SUPABASE_ANON_KEY .* is missing/);
    expect(run.out).toMatch(/APP_BASE_URL is missing/);
  }, 120_000);
});
