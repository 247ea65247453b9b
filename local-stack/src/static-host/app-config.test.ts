import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DEFAULTS, REMOTE_NAMES, REMOTE_REGISTRY, parseAppConfig } from '@dossier/shared/contract';
import { SETTINGS } from '@dossier/shared/settings';
import { googleClient } from '../auth/settings';
import { findRepoRoot } from '../repo-root';
import { readStackSettings } from '../settings';
import { appConfigFromEnv as staticHostAppConfig } from './app-config';

const BUILDER = path.join(findRepoRoot(), 'tools/webpack/dev-app-config.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { devAppConfig } = require(BUILDER) as { devAppConfig: (env: Record<string, string | undefined>) => unknown };

/** What `npm start` knows when the stack and the remotes run on the registry's ports. */
const LOCAL = {
  supabaseUrl: LOCAL_DEFAULTS.supabaseUrl,
  googleUrl: LOCAL_DEFAULTS.googleUrl,
  remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, `http://127.0.0.1:${REMOTE_REGISTRY[name].port}/mf-manifest.json`])) as never,
};

const ENVIRONMENTS: Record<string, string | undefined>[] = [
  {},
  { DEBUG_ROUTES: 'false', UPLOAD_MAX_BYTES: '1000', GOOGLE_CLIENT_ID: 'prod.apps.googleusercontent.com' },
  { SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon', REMOTE_ACCOUNT_URL: 'https://cdn.example/account/mf-manifest.json', DRIVE_ENABLED: 'off', GOOGLE_URL: 'https://g.example' },
];

// ADR 0431: one builder, one set of defaults — the dev server and the static host write the same
// app-config.json for the same settings; development only turns the diagnostic pages on.
describe('the one app-config builder', () => {
  it.each(ENVIRONMENTS)('writes the same config for the dev server and the static host (%j)', (env) => {
    const dev = parseAppConfig(devAppConfig(env), 'dev server');
    const served = parseAppConfig(staticHostAppConfig({ DEBUG_ROUTES: 'true', ...env }, LOCAL), 'static host');
    expect(dev).toEqual(served);
  });

  it('keeps the diagnostic pages off unless asked for, and on for the dev server', () => {
    expect(staticHostAppConfig({}, LOCAL).features.debugRoutes).toBe(false);
    expect(parseAppConfig(devAppConfig({})).features.debugRoutes).toBe(true);
    expect(parseAppConfig(devAppConfig({ DEBUG_ROUTES: '0' })).features.debugRoutes).toBe(false);
  });

  it('asks Drive for the functions’ own OAuth client, whichever name sets it', () => {
    for (const env of [{}, { GOOGLE_CLIENT_ID: 'a.apps' }, { SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: 'b.apps', GOOGLE_CLIENT_ID: 'a.apps' }]) {
      expect(staticHostAppConfig(env, LOCAL).drive.clientId).toBe(googleClient(readStackSettings(env)).clientId);
    }
    expect(staticHostAppConfig({ DRIVE_CLIENT_ID: 'c.apps', GOOGLE_CLIENT_ID: 'a.apps' }, LOCAL).drive.clientId).toBe('c.apps');
  });
});

describe('the settings schema (shared/src/settings)', () => {
  it('lists every variable the app-config builder reads, besides the functions’ own Google client', () => {
    const read = new Set([...readFileSync(BUILDER, 'utf8').matchAll(/env\.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1]));
    for (const remote of Object.values(REMOTE_REGISTRY)) read.add(remote.env);
    const functionsOwn = ['SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_ID'];
    expect([...read].filter((name) => !functionsOwn.includes(name) && !(name in SETTINGS))).toEqual([]);
  });
});
