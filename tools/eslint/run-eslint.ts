import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The workspace's own ESLint config run from a test, for the lint rules' fixture tests: a fixture
 * is given on stdin as if it were a file at some path, so nothing is written into the tree.
 */

// tools/eslint/ → the workspace root, where the ESLint config lives.
export const root = path.resolve(__dirname, '..', '..');

export interface LintResult {
  filePath: string;
  messages: Array<{ ruleId: string | null; message: string; line: number }>;
}

/** `eslint --format json …args`, with `input` on stdin. */
export function eslint(args: string[], input?: string): LintResult[] {
  const run = spawnSync('npx', ['eslint', '--format', 'json', ...args], { cwd: root, encoding: 'utf8', input });
  return JSON.parse(run.stdout.slice(run.stdout.indexOf('['))) as LintResult[];
}

/** The messages of `rules` for `source` linted as the file at `file`. */
export function lintAs(file: string, source: string, rules: readonly string[]): LintResult['messages'] {
  const [result] = eslint(['--stdin', '--stdin-filename', file], source);
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? ''));
}
