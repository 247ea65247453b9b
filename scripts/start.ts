/**
 * `npm start`: builds what is missing, then serves the production build — the shell on :4200 and
 * the remotes on :4201-4205 (docs/architecture.md) — with the local stack on :54321 / :54330.
 * Ctrl-C stops everything. Ports: SHELL_PORT, REMOTE_PORT_BASE (first remote port).
 */
import path from 'node:path';
import type { RemoteName } from '@dossier/shared';
import { appConfigFromEnv, startStaticHosts } from '@dossier/local-stack/static-host';
import { checkStartMode } from '../local-stack/src/production';
import { buildMissing, repoRoot, startLocalStack } from './lib-instance';

async function main() {
  // Before anything is built or started: production mode refuses development defaults.
  const root = repoRoot();
  const mode = checkStartMode(process.env, path.join(root, 'supabase'));
  buildMissing(root);
  const shellPort = Number(process.env.SHELL_PORT || 4200);
  const base = Number(process.env.REMOTE_PORT_BASE || (shellPort === 0 ? 0 : shellPort + 1));
  // The API must accept calls from the shell's origin: add a moved shell port to its CORS list.
  if (shellPort !== 4200 && shellPort !== 0 && !process.env.CORS_ORIGINS) {
    process.env.CORS_ORIGINS = [4200, 4201, 4202, 4203, 4204, 4205, shellPort].flatMap((p) => [`http://127.0.0.1:${p}`, `http://localhost:${p}`]).join(',');
  }
  // Auth redirects (e-mail links, Google sign-in) go only to the site URL: the shell's.
  if (shellPort !== 4200 && shellPort !== 0 && !process.env.SITE_URL) process.env.SITE_URL = `http://127.0.0.1:${shellPort}`;
  const stack = await startLocalStack(root, process.env.PUBLIC_API_URL ? { publicUrl: process.env.PUBLIC_API_URL } : {});
  const names: RemoteName[] = ['documents', 'portfolios', 'driveImport', 'account', 'debug'];
  const hosts = await startStaticHosts({
    distDir: path.join(root, 'dist'),
    shellPort,
    remotePorts: Object.fromEntries(names.map((name, i) => [name, base === 0 ? 0 : base + i])),
    appConfig: (remotes) =>
      appConfigFromEnv(process.env, { supabaseUrl: process.env.PUBLIC_API_URL || (stack?.url ?? 'http://127.0.0.1:54321'), supabaseAnonKey: stack?.anonKey, googleUrl: stack?.googleUrl, remotes }),
  });

  console.log('');
  console.log(`Dossier is running:  ${hosts.shellUrl}`);
  for (const [name, remote] of Object.entries(hosts.remotes)) console.log(`  remote ${name.padEnd(12)} ${remote.url}/mf-manifest.json`);
  if (stack) console.log(`  API                 ${stack.url}\n  Google emulator     ${stack.googleUrl}\n  Stripe emulator     ${stack.stripeUrl}`);
  console.log(mode);
  console.log('Press Ctrl-C to stop.');

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await hosts.stop();
    await stack?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
