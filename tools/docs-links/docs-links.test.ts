import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Every citation a newcomer follows must lead somewhere (issue 23): `SPEC §n` resolves to a
 * section of docs/spec.md, `ADR NNNN` to a file in docs/decisions/, and every relative Markdown
 * link in the repository's Markdown to a file that exists. The files are the ones git tracks,
 * so a fresh clone is what is checked.
 */

const root = path.resolve(__dirname, '../..');

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f && !f.startsWith('node_modules/') && existsSync(path.join(root, f)));
}

const files = trackedFiles();
const textFiles = files.filter((f) => /\.(ts|tsx|cjs|mjs|js|sql|md|css|sh|toml|json)$/.test(f) && !f.endsWith('package-lock.json'));
const markdownFiles = files.filter((f) => f.endsWith('.md'));
const read = (f: string) => readFileSync(path.join(root, f), 'utf8');

/** Section numbers that docs/spec.md defines as `## N. Title`. */
function specSections(): Set<string> {
  const spec = read('docs/spec.md');
  return new Set([...spec.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
}

function adrNumbers(): Set<string> {
  return new Set(
    readdirSync(path.join(root, 'docs/decisions'))
      .map((name) => /^(\d{4})-.+\.md$/.exec(name)?.[1])
      .filter((n): n is string => Boolean(n)),
  );
}

describe('citations and links resolve', () => {
  it('every "SPEC §n" names a section of docs/spec.md', () => {
    const sections = specSections();
    expect(sections.size).toBeGreaterThanOrEqual(9);
    const broken: string[] = [];
    for (const file of textFiles) {
      for (const m of read(file).matchAll(/SPEC(?:\.md)? §(\d+)/g)) {
        if (!sections.has(m[1])) broken.push(`${file}: SPEC §${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every "ADR NNNN" names a decision record in docs/decisions/', () => {
    const adrs = adrNumbers();
    const broken: string[] = [];
    for (const file of textFiles) {
      for (const m of read(file).matchAll(/\bADRs? (\d{4})\b/g)) {
        if (!adrs.has(m[1])) broken.push(`${file}: ADR ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every relative Markdown link points at a file that exists', () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      const text = read(file).replace(/```[\s\S]*?```/g, '');
      for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
        const target = m[1];
        if (/^(https?:|mailto:|#|data:)/.test(target)) continue;
        const withoutAnchor = decodeURI(target.split('#')[0]);
        if (!withoutAnchor) continue;
        const resolved = path.resolve(path.dirname(path.join(root, file)), withoutAnchor);
        if (!existsSync(resolved)) broken.push(`${file}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('docs/decisions/README.md lists every decision record (node scripts/adr-index.cjs)', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { render } = require(path.join(root, 'scripts/adr-index.cjs')) as { render(): string };
    expect(read('docs/decisions/README.md')).toBe(render());
  });

  it('no document points readers at the specification outside the repository', () => {
    // ../shared/*.md is the founders' workspace, not part of a clone: cite docs/ instead.
    const outside: string[] = [];
    for (const file of textFiles) {
      if (file.startsWith('tools/docs-links/')) continue;
      for (const m of read(file).matchAll(/\.\.\/shared\/(SPEC|ARCHITECTURE|CONVENTIONS)\.md/g)) outside.push(`${file}: ${m[0]}`);
    }
    expect(outside).toEqual([]);
  });

  it('code that cites a section of docs/architecture.md or docs/conventions.md names one that exists', () => {
    // The founders' ARCHITECTURE.md and CONVENTIONS.md are not in a clone; the repository's own
    // pages are, and a comment that points at "Who owns what" must find that heading there.
    const headings = (file: string) =>
      new Set([...read(file).matchAll(/^#{2,3} (.+)$/gm)].map((m) => m[1].trim()));
    const sections = { architecture: headings('docs/architecture.md'), conventions: headings('docs/conventions.md') };
    const broken: string[] = [];
    for (const file of textFiles) {
      if (file.startsWith('tools/docs-links/')) continue;
      const text = read(file);
      for (const m of text.matchAll(/(?<![\w/.-])(ARCHITECTURE|CONVENTIONS)\.md/g)) broken.push(`${file}: ${m[0]} (cite docs/${m[1].toLowerCase()}.md)`);
      for (const m of text.matchAll(/docs\/(architecture|conventions)\.md "([^"]+)"/g)) {
        if (!sections[m[1] as keyof typeof sections].has(m[2])) broken.push(`${file}: ${m[0]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
