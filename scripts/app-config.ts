/**
 * `npm run app-config`: the runtime app-config.json of a deployment (hosted Supabase and the six
 * built apps on a static host or CDN), built by the same builder the local stack's static host
 * uses and checked against the one schema the shell parses (ADR 0141). Prints it, or writes it
 * to `--out <file>`. Exit code 1 with every problem named when something is missing or wrong.
 *
 *   SUPABASE_URL, SUPABASE_ANON_KEY   the project's API URL and anon key (required)
 *   APP_BASE_URL                      where the built apps are served; remote N is at
 *                                     <APP_BASE_URL>/<project>/mf-manifest.json unless REMOTE_*_URL
 *   DRIVE_CLIENT_ID, DRIVE_API_KEY    Google Drive import (off without DRIVE_CLIENT_ID)
 *   DEBUG_ROUTES, UPLOAD_MAX_BYTES    as for npm start
 */
import { writeFileSync } from 'node:fs';
import { parseAppConfig, REMOTE_NAMES, REMOTE_REGISTRY, type AppConfig, type RemoteName } from '@dossier/shared/contract';
import { appConfigFromEnv } from '@dossier/local-stack/static-host';

/** Google's real endpoints: a deployment never points at the local Google emulator. */
const GOOGLE = { DRIVE_API_BASE_URL: 'https://www.googleapis.com/drive/v3', DRIVE_AUTH_URL: 'https://accounts.google.com/o/oauth2/v2/auth' };

export function deploymentAppConfig(env: NodeJS.ProcessEnv): AppConfig {
  const problems: string[] = [];
  if (!env.SUPABASE_URL) problems.push('SUPABASE_URL (the project URL, https://<ref>.supabase.co) is missing');
  if (!env.SUPABASE_ANON_KEY) problems.push('SUPABASE_ANON_KEY (Project Settings → API → anon key) is missing');
  const base = env.APP_BASE_URL?.replace(/\/$/, '');
  const missingRemotes = REMOTE_NAMES.filter((name) => !base && !env[REMOTE_REGISTRY[name].env]);
  if (missingRemotes.length > 0) problems.push(`APP_BASE_URL is missing (or set ${missingRemotes.map((n) => REMOTE_REGISTRY[n].env).join(', ')})`);
  if (problems.length > 0) throw new Error(`cannot write app-config.json:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const remotes = Object.fromEntries(REMOTE_NAMES.map((name) => [name, `${base}/${REMOTE_REGISTRY[name].project}/mf-manifest.json`])) as Record<RemoteName, string>;
  const drive = env.DRIVE_CLIENT_ID ? {} : { DRIVE_ENABLED: 'false' };
  const config = appConfigFromEnv({ ...GOOGLE, ...drive, ...env }, { supabaseUrl: env.SUPABASE_URL!, supabaseAnonKey: env.SUPABASE_ANON_KEY, remotes });
  // The same parser the shell runs at start: what it would refuse is refused here, by name.
  return parseAppConfig(config, 'the generated app-config.json');
}

try {
  const config = deploymentAppConfig(process.env);
  const json = `${JSON.stringify(config, null, 2)}\n`;
  const at = process.argv.indexOf('--out');
  if (at > 0 && process.argv[at + 1]) {
    writeFileSync(process.argv[at + 1], json);
    console.error(`app-config.json written to ${process.argv[at + 1]}`);
  } else process.stdout.write(json);
} catch (e) {
  console.error(`npm run app-config: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
