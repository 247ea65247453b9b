import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo-root';

export const APPS = ['shell', 'mfe-documents', 'mfe-portfolios', 'mfe-drive-import', 'mfe-account', 'mfe-debug'] as const;
export type App = (typeof APPS)[number];

/** True when dist/<app> holds a finished build (the shell's index.html, a remote's manifest). */
export function isBuilt(app: App, distDir = path.join(repoRoot(), 'dist')): boolean {
  return existsSync(path.join(distDir, app, app === 'shell' ? 'index.html' : 'mf-manifest.json'));
}

/**
 * Production build of one app with the workspace's webpack helper. `outputPath` builds somewhere
 * else than dist/<app> (a release being prepared); `env` adds variables such as DOSSIER_RELEASE.
 */
export function buildApp(app: App, options: { outputPath?: string; env?: NodeJS.ProcessEnv } = {}): void {
  const root = repoRoot();
  const args = ['webpack', 'build', '-c', `${app}/webpack.config.cjs`, '--mode', 'production'];
  if (options.outputPath) args.push('--output-path', options.outputPath);
  execFileSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
}

/**
 * Builds what changed since the last build (Nx's cache restores an unchanged app's dist/ in a
 * moment and rebuilds one whose sources, shared code, tools or package.json changed), so
 * `npm run test:e2e` alone never tests a stale dist/. One at a time: the machine has two cores.
 * E2E_SKIP_BUILD=1 tests dist/ as it is.
 */
export function buildChanged(apps: readonly App[] = APPS): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  execFileSync('npx', ['nx', 'run-many', '-t', 'build', '-p', apps.join(','), '--parallel=1', '--outputStyle=static'], {
    cwd: repoRoot(),
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

/** Builds what is missing (one at a time: the machine has two cores). */
export function buildMissing(apps: readonly App[] = APPS): App[] {
  const missing = apps.filter((app) => !isBuilt(app));
  for (const app of missing) buildApp(app);
  return missing;
}
