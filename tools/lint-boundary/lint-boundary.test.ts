import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * ARCHITECTURE.md: a remote imports only shared/. This proves the lint step enforces it: a
 * temporary file in one remote imports another remote, and ESLint (with the Nx project graph)
 * must fail on it with the module-boundary rule.
 */

function repoRoot(): string {
  let dir = process.cwd();
  while (!existsSync(path.join(dir, 'nx.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('nx.json not found');
    dir = parent;
  }
  return dir;
}

const root = repoRoot();
const probe = path.join(root, 'mfe-portfolios/src/lint-boundary-probe.ts');

interface LintResult {
  messages: { ruleId: string | null; message: string; severity: number }[];
}

function lint(file: string): LintResult {
  const run = spawnSync('npx', ['eslint', '--format', 'json', '--no-warn-ignored', file], { cwd: root, encoding: 'utf8' });
  const json = run.stdout.slice(run.stdout.indexOf('['));
  const [result] = JSON.parse(json) as LintResult[];
  return result!;
}

describe('module boundaries', () => {
  jest.setTimeout(180_000);

  beforeAll(() => {
    // The rule reads the Nx project graph; make sure a current one is cached.
    execFileSync('npx', ['nx', 'show', 'projects'], { cwd: root, env: { ...process.env, NX_DAEMON: 'false' }, stdio: 'ignore' });
  });
  afterEach(() => rmSync(probe, { force: true }));

  it('fails the lint when a remote imports another remote', () => {
    writeFileSync(probe, "import documents from 'mfe-documents/Module';\n\nexport const borrowed = documents.routes.length;\n");
    const boundary = lint(probe).messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries' && m.severity === 2);
    expect(boundary.map((m) => m.message).join('\n')).toMatch(/Imports of apps are forbidden|can only depend on libs tagged with/);
  });

  it('fails the lint when a remote reaches into another remote by relative path', () => {
    writeFileSync(probe, "import documents from '../../mfe-documents/src/remote-entry';\n\nexport const borrowed = documents.routes.length;\n");
    const boundary = lint(probe).messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries' && m.severity === 2);
    expect(boundary.length).toBeGreaterThan(0);
  });

  it('lets a remote import shared', () => {
    writeFileSync(probe, "import { CONTRACT_VERSION } from '@dossier/shared';\n\nexport const version = CONTRACT_VERSION;\n");
    expect(lint(probe).messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries')).toEqual([]);
  });
});
