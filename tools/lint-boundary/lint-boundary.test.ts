import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * docs/architecture.md: a remote imports only shared/, and inside an area a feature never reaches into
 * another feature's files. This proves the lint step enforces both, on a temporary remote project
 * of its own (created beside the real ones, removed afterwards) — never by writing into a real
 * area's sources.
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
const projectName = `lint-probe-${process.pid}`;
const projectDir = path.join(root, projectName);

interface LintResult {
  messages: { ruleId: string | null; message: string; severity: number }[];
}

/** Writes `source` into the probe project and lints it. */
function lint(relativeFile: string, source: string): LintResult {
  const file = path.join(projectDir, relativeFile);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  const run = spawnSync('npx', ['eslint', '--format', 'json', '--no-warn-ignored', file], { cwd: root, encoding: 'utf8' });
  const json = run.stdout.slice(run.stdout.indexOf('['));
  const [result] = JSON.parse(json) as LintResult[];
  rmSync(file, { force: true });
  return result!;
}

const errorsOf = (result: LintResult, rule: string) => result.messages.filter((m) => m.ruleId === rule && m.severity === 2);

describe('lint boundaries', () => {
  jest.setTimeout(180_000);

  beforeAll(() => {
    mkdirSync(path.join(projectDir, 'src'), { recursive: true });
    writeFileSync(
      path.join(projectDir, 'project.json'),
      JSON.stringify({ name: projectName, sourceRoot: `${projectName}/src`, projectType: 'application', tags: ['type:remote'] }),
    );
    // The module-boundary rule reads the Nx project graph: compute it with the probe in it.
    execFileSync('npx', ['nx', 'show', 'projects'], { cwd: root, env: { ...process.env, NX_DAEMON: 'false' }, stdio: 'ignore' });
  });
  afterAll(() => {
    rmSync(projectDir, { recursive: true, force: true });
    // Leave the cached project graph as it was, without the probe.
    execFileSync('npx', ['nx', 'show', 'projects'], { cwd: root, env: { ...process.env, NX_DAEMON: 'false' }, stdio: 'ignore' });
  });

  it('fails the lint when a remote imports another remote', () => {
    const result = lint('src/borrow.ts', "import documents from 'mfe-documents/Module';\n\nexport const borrowed = documents.contractVersion;\n");
    expect(errorsOf(result, '@nx/enforce-module-boundaries').map((m) => m.message).join('\n')).toMatch(
      /Imports of apps are forbidden|can only depend on libs tagged with/,
    );
  });

  it('fails the lint when a remote reaches into another remote by relative path', () => {
    const result = lint('src/borrow.ts', "import documents from '../../mfe-documents/src/remote-entry';\n\nexport const borrowed = documents.contractVersion;\n");
    expect(errorsOf(result, '@nx/enforce-module-boundaries').length).toBeGreaterThan(0);
  });

  it('lets a remote import shared', () => {
    const result = lint('src/fine.ts', "import { CONTRACT_VERSION } from '@dossier/shared';\n\nexport const version = CONTRACT_VERSION;\n");
    expect(result.messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries')).toEqual([]);
  });

  it("fails the lint when a feature imports another feature's internals", () => {
    mkdirSync(path.join(projectDir, 'src/features/b'), { recursive: true });
    writeFileSync(path.join(projectDir, 'src/features/b/internal.ts'), 'export const secret = 1;\n');
    const result = lint('src/features/a/uses-b.ts', "import { secret } from '../b/internal';\n\nexport const leaked = secret;\n");
    expect(errorsOf(result, 'no-restricted-imports').map((m) => m.message).join('\n')).toMatch(/only through its index\.ts/);
  });

  it("lets a feature import another feature's public index", () => {
    writeFileSync(path.join(projectDir, 'src/features/b/index.ts'), "export { secret } from './internal';\n");
    const result = lint('src/features/a/uses-b.ts', "import { secret } from '../b';\n\nexport const shared = secret;\n");
    expect(errorsOf(result, 'no-restricted-imports')).toEqual([]);
  });
});
