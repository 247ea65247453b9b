import { spawn } from 'node:child_process';
import path from 'node:path';
import { findRepoRoot } from '../../src/config.js';

/**
 * Runs scripts/<name>.ts as its `npm run` entry does (tsx with the base tsconfig), in the repo,
 * with `env` over a copy of this process's environment from which the target-choosing variables
 * (DATABASE_URL, STACK_DATA_DIR, STORAGE_S3_*, the mode) are removed; resolves with the exit code
 * and stdout + stderr. Asynchronous, so the test can keep working while it runs.
 */
export function runNpmScript(name: string, args: string[], env: Record<string, string | undefined>): Promise<{ code: number; out: string }> {
  const root = findRepoRoot();
  const base: Record<string, string | undefined> = { ...process.env };
  for (const k of Object.keys(base)) if (/^(STORAGE_S3_|DATABASE_URL$|STACK_DATA_DIR$|NODE_ENV$|DOSSIER_MODE$|STACK_DEMO_KEYS$)/.test(k)) delete base[k];
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', 'tsconfig.base.json', `scripts/${name}.ts`, ...args], { cwd: root, env: merged });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}
