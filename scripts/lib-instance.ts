/**
 * What `npm start` and `npm run dev` share: finding the repo, building what is missing, starting
 * the local stack when it exists, and the app-config.json of the running instance.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const APPS = ['shell', 'mfe-documents', 'mfe-portfolios', 'mfe-drive-import', 'mfe-account', 'mfe-debug'] as const;

export function repoRoot(from: string = process.cwd()): string {
  let dir = path.resolve(from);
  while (!existsSync(path.join(dir, 'nx.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no nx.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export function missingBuilds(root: string): string[] {
  return APPS.filter((app) => !existsSync(path.join(root, 'dist', app, app === 'shell' ? 'index.html' : 'mf-manifest.json')));
}

/** Builds the missing apps through Nx (cached, two at a time). */
export function buildMissing(root: string): void {
  const missing = missingBuilds(root);
  if (missing.length === 0) return;
  console.log(`Building ${missing.join(', ')} (first start only)…`);
  const run = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', missing.join(','), '--parallel=2'], { cwd: root, stdio: 'inherit', env: { ...process.env, NX_DAEMON: 'false' } });
  if (run.status !== 0) throw new Error('the build failed (see above)');
}

export interface RunningStack {
  url: string;
  googleUrl: string;
  stripeUrl: string;
  anonKey: string;
  stop(): Promise<void>;
}

/** Starts the local stack (ports from SUPABASE_PORT / GOOGLE_EMULATOR_PORT, default 54321 / 54330) if it exists. */
export async function startLocalStack(root: string, overrides: { publicUrl?: string } = {}): Promise<RunningStack | undefined> {
  if (process.env.SUPABASE_URL) {
    console.log(`Using the Supabase project at ${process.env.SUPABASE_URL} (SUPABASE_URL); the local stack is not started.`);
    return undefined;
  }
  if (!existsSync(path.join(root, 'local-stack/src/start.ts'))) {
    console.log('The local stack is not part of this checkout yet; starting the apps only.');
    return undefined;
  }
  const { startStack } = (await import('@dossier/local-stack/start')) as typeof import('@dossier/local-stack/start');
  return startStack(overrides, { log: (line) => console.log(`[stack] ${line}`) });
}

/**
 * The end of `npm start` and `npm run dev`: Ctrl-C or SIGTERM runs `stop` once (a second signal
 * while stopping is ignored), then exits; a failure of `main` prints its message and exits 1.
 */
export function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const once = async () => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void once());
  process.on('SIGTERM', () => void once());
}

export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
