/**
 * `npm run dev`: the local stack plus webpack-dev-server for the shell (:4200) and every remote
 * (:4201-4205) with hot reload. The shell's /app-config.json points at the dev servers and the
 * stack (written to a temporary file, APP_CONFIG_FILE). Ctrl-C stops everything.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { appConfigFromEnv } from '@dossier/local-stack/static-host';
import { APPS, repoRoot, runMain, startLocalStack, stopOnSignal } from './lib-instance';
import { LOCAL_DEFAULTS, REMOTE_REGISTRY, parseAppConfig } from '../shared/src/contract/app-config';
import { parseSettings } from '../shared/src/settings/settings';

/** Ports from the one registry of remotes (shared/src/contract/registry.json). */
const PORTS = Object.fromEntries([
  ['shell', LOCAL_DEFAULTS.shellPort],
  ...Object.values(REMOTE_REGISTRY).map((remote) => [remote.project, remote.port]),
]) as Record<(typeof APPS)[number], number>;

async function main() {
  const root = repoRoot();
  // A wrong setting stops here, naming the variable (docs/configuration.md).
  parseSettings(process.env);
  const stack = await startLocalStack(root);
  const manifest = (app: keyof typeof PORTS) => `http://127.0.0.1:${PORTS[app]}/mf-manifest.json`;
  const config = appConfigFromEnv(process.env, {
    supabaseUrl: stack?.url ?? LOCAL_DEFAULTS.supabaseUrl,
    supabaseAnonKey: stack?.anonKey,
    googleUrl: stack?.googleUrl,
    remotes: {
      documents: manifest('mfe-documents'),
      portfolios: manifest('mfe-portfolios'),
      driveImport: manifest('mfe-drive-import'),
      account: manifest('mfe-account'),
      debug: manifest('mfe-debug'),
    },
  });
  // A wrong environment variable stops here, naming the field, instead of in the browser.
  parseAppConfig(config, 'app-config.json (from the environment)');
  const configFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'dossier-dev-')), 'app-config.json');
  writeFileSync(configFile, JSON.stringify(config, null, 2));

  const children: ChildProcess[] = [];
  for (const app of APPS) {
    const child = spawn('npx', ['webpack', 'serve', '-c', `${app}/webpack.config.cjs`, '--mode', 'development'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', APP_CONFIG_FILE: configFile },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group, so Ctrl-C can stop webpack and its workers
    });
    for (const stream of [child.stdout!, child.stderr!]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${app}] ${line}`));
    }
    children.push(child);
  }
  console.log(`\nDossier (dev) on http://127.0.0.1:${PORTS.shell} — remotes on :4201-4205${stack ? `, API ${stack.url}` : ''}. Ctrl-C stops.`);

  stopOnSignal(async () => {
    for (const child of children) {
      if (child.pid && child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    }
    await stack?.stop();
  });
}

runMain(main);
