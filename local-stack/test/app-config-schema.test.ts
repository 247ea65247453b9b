import { AppConfigError, REMOTE_NAMES, REMOTE_REGISTRY, parseAppConfig } from '@dossier/shared/contract';
import { appConfigFromEnv } from '../src/static-host/app-config';
import path from 'node:path';
import { DEMO_ANON_KEY } from '../src/keys';
import { findRepoRoot } from '../src/config';

/**
 * One AppConfig schema (docs/decisions/0141): what the dev server and the static host write as
 * app-config.json is what the shell's parser accepts, and one registry names the remotes.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { devAppConfig } = require(path.join(findRepoRoot(), 'tools/webpack/dev-app-config.cjs')) as { devAppConfig: (env: Record<string, string | undefined>) => unknown };

const manifests = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `http://127.0.0.1:${REMOTE_REGISTRY[name].port}/mf-manifest.json`]));

describe('app-config.json builders against the schema', () => {
  it("the dev server's config parses, with every remote of the registry", () => {
    const config = parseAppConfig(devAppConfig({}), 'dev');
    expect(config.remotes).toEqual(manifests);
    expect(config.supabaseAnonKey).toBe(DEMO_ANON_KEY);
  });

  it("the static host's config parses, environment overrides included", () => {
    const config = parseAppConfig(
      appConfigFromEnv({ REMOTE_DOCUMENTS_URL: 'https://cdn.example/documents/mf-manifest.json', UPLOAD_MAX_BYTES: '1000' }, { supabaseUrl: 'http://127.0.0.1:54321', remotes: manifests as never }),
      'static host',
    );
    expect(config.remotes.documents).toBe('https://cdn.example/documents/mf-manifest.json');
    expect(config.uploadMaxBytes).toBe(1000);
    expect(config.supabaseAnonKey).toBe(DEMO_ANON_KEY);
  });

  it('a wrong environment value is refused with the field named', () => {
    const built = appConfigFromEnv({ REMOTE_ACCOUNT_URL: 'not a url', UPLOAD_MAX_BYTES: 'lots' }, { supabaseUrl: 'http://127.0.0.1:54321', remotes: manifests as never });
    expect(() => parseAppConfig(built, 'static host')).toThrow(AppConfigError);
    expect(() => parseAppConfig(built, 'static host')).toThrow(/remotes\.account must be an absolute http\(s\) URL \(got "not a url"\).*uploadMaxBytes must be a number \(got NaN\)/);
  });
});

describe('the registry of remotes', () => {
  it("is what each remote's module-federation.config.cjs builds with", () => {
    for (const name of REMOTE_NAMES) {
      const remote = REMOTE_REGISTRY[name];
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const federation = require(path.join(findRepoRoot(), remote.project, 'module-federation.config.cjs')) as { name: string; port: number };
      expect(federation).toMatchObject({ name: remote.container, port: remote.port });
    }
  });
});
