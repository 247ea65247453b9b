import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import type { RemoteName } from '@dossier/shared';
import { repoRoot } from './repo-root';

export interface Environment {
  shellUrl: string;
  supabaseUrl: string | null;
  remotes: Record<RemoteName, string>;
  /** The remote's host stops answering (connection refused) — the remote is "down". */
  stopRemote(name: RemoteName): Promise<void>;
  startRemote(name: RemoteName): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts e2e/support/environment-process.ts (stack optional, static hosts on free ports) in a
 * child process — the stack is an ES module package and is kept out of Playwright's loader.
 */
export async function startEnvironment(options: { distDir?: string; withStack?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Environment> {
  const root = repoRoot();
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', path.join(root, 'tsconfig.base.json'), path.join(root, 'e2e/support/environment-process.ts')], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
    env: {
      ...process.env,
      ...options.env,
      E2E_DIST_DIR: options.distDir ?? '',
      E2E_WITH_STACK: options.withStack ? '1' : '0',
    },
  });
  const lines = readline.createInterface({ input: child.stdout! });
  const waiters: ((line: string) => void)[] = [];
  let ready: (value: string) => void;
  let failed: (error: Error) => void;
  const readyLine = new Promise<string>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  lines.on('line', (line) => {
    if (line.startsWith('READY ')) ready(line.slice(6));
    else if (line === 'OK' || line.startsWith('ERROR ')) waiters.shift()?.(line);
  });
  child.once('exit', (code) => failed(new Error(`the test environment exited early (code ${code})`)));
  const info = JSON.parse(await readyLine) as Pick<Environment, 'shellUrl' | 'supabaseUrl' | 'remotes'>;

  const command = (line: string) =>
    new Promise<void>((resolve, reject) => {
      waiters.push((answer) => (answer === 'OK' ? resolve() : reject(new Error(answer))));
      child.stdin!.write(`${line}\n`);
    });
  return {
    ...info,
    stopRemote: (name) => command(`stop ${name}`),
    startRemote: (name) => command(`start ${name}`),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.write('exit\n');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
