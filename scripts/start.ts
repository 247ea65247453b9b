/**
 * `npm start`: builds what is missing, then serves the production build — the shell and the
 * remotes on the registry's ports (shared/src/contract/registry.json: :4200, :4201-4205) — with the
 * local stack (:54321 / :54330 / :54340). Ctrl-C stops everything. Ports: SHELL_PORT,
 * REMOTE_PORT_BASE (first remote port; the others follow in the registry's order).
 */
import path from 'node:path';
import { appConfigFromEnv, startStaticHosts } from '@dossier/local-stack/static-host';
import { LOCAL_DEFAULTS } from '../local-stack/src/static-host/registry';
import { instancePorts, parseSettings } from '../shared/src/settings/settings';
import { DEFAULT_CORS_ORIGINS } from '../local-stack/src/config';
import { checkStartMode } from '../local-stack/src/production';
import { buildMissing, repoRoot, runMain, startLocalStack, stopOnSignal } from './lib-instance';

async function main() {
  // Before anything is built or started: production mode refuses development defaults.
  const root = repoRoot();
  const mode = checkStartMode(process.env, path.join(root, 'supabase'));
  // A wrong setting stops here, naming the variable (docs/configuration.md), before anything is built.
  const { shellPort, remotePorts } = instancePorts(parseSettings(process.env));
  buildMissing(root);
  const moved = shellPort !== LOCAL_DEFAULTS.shellPort && shellPort !== 0;
  // The API must accept calls from the shell's origin: add a moved shell port to its CORS list.
  if (moved && !process.env.CORS_ORIGINS) {
    process.env.CORS_ORIGINS = [...DEFAULT_CORS_ORIGINS, `http://127.0.0.1:${shellPort}`, `http://localhost:${shellPort}`].join(',');
  }
  // Auth redirects (e-mail links, Google sign-in) go only to the site URL: the shell's.
  if (moved && !process.env.SITE_URL) process.env.SITE_URL = `http://127.0.0.1:${shellPort}`;
  const stack = await startLocalStack(root, process.env.PUBLIC_API_URL ? { publicUrl: process.env.PUBLIC_API_URL } : {});
  const hosts = await startStaticHosts({
    distDir: path.join(root, 'dist'),
    shellPort,
    remotePorts,
    appConfig: (remotes) =>
      appConfigFromEnv(process.env, { supabaseUrl: process.env.PUBLIC_API_URL || (stack?.url ?? LOCAL_DEFAULTS.supabaseUrl), supabaseAnonKey: stack?.anonKey, googleUrl: stack?.googleUrl, remotes }),
  });

  console.log('');
  console.log(`Dossier is running:  ${hosts.shellUrl}`);
  for (const [name, remote] of Object.entries(hosts.remotes)) console.log(`  remote ${name.padEnd(12)} ${remote.url}/mf-manifest.json`);
  if (stack) console.log(`  API                 ${stack.url}\n  Google emulator     ${stack.googleUrl}\n  Stripe emulator     ${stack.stripeUrl}`);
  console.log(mode);
  console.log('Press Ctrl-C to stop.');

  stopOnSignal(async () => {
    console.log('\nStopping…');
    await hosts.stop();
    await stack?.stop();
  });
}

runMain(main);
