import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eslint, lintAs, root } from './run-eslint';

/**
 * The local stack's one environment reader (tools/eslint/stack-env.mjs, ADR 0481), checked by the
 * workspace's own ESLint config on fixtures given on stdin: nothing is written into the stack.
 */

/** Lints `source` as if it were the file at `file`; the environment rule's complaints. */
const envComplaints = (file: string, source: string) => lintAs(file, source, ['no-restricted-properties']).map((m) => m.message);

const FIXTURE = `export const port = Number(process.env.NEW_STACK_PORT ?? 5000);
export const named = (name: string) => process.env[name];
export const bracket = process['env'];
const { env } = process;
export const host = env.NEW_STACK_HOST;
`;

describe('lint: the local stack reads its environment only through its settings reader', () => {
  jest.setTimeout(120_000);

  it('refuses process.env in any other file of local-stack/src, whatever the spelling', () => {
    const complaints = envComplaints('local-stack/src/storage/env-probe.ts', FIXTURE);
    expect(complaints).toHaveLength(4);
    expect(complaints[0]).toMatch(/local-stack\/src\/settings\.ts/);
  });

  it('lets the reader and the listed exceptions read it, and leaves tests alone', () => {
    for (const file of ['local-stack/src/settings.ts', 'local-stack/src/functions/deno-shim.ts', 'local-stack/src/auth/supabase-toml.ts', 'local-stack/src/storage/env-probe.test.ts']) {
      expect(envComplaints(file, FIXTURE)).toEqual([]);
    }
  });

  it('finds nothing in the stack as it is', () => {
    const results = eslint(['--rule', '@nx/enforce-module-boundaries: off', 'local-stack/src']);
    const reads = results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-properties').map(() => path.relative(root, r.filePath)));
    expect(reads).toEqual([]);
  });
});

describe('the Edge Functions read their environment only through _shared/env.ts', () => {
  it('has no Deno.env read anywhere else', () => {
    const dir = path.join(root, 'supabase/functions');
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && f !== path.join('_shared', 'env.ts'));
    expect(files.length).toBeGreaterThan(10);
    expect(files.filter((f) => /\bDeno\.env\b/.test(readFileSync(path.join(dir, f), 'utf8')))).toEqual([]);
  });
});
