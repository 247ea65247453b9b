import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The apps share the router as react-router-browser.ts (ADR 0301), which names the exports it
 * passes on. A name an app imports from 'react-router' or 'react-router-dom' that is missing there
 * would be undefined in the production build only — this fails first. Tests run against the
 * real package and are not checked.
 */
const root = path.resolve(__dirname, '../..');
const APP_SOURCES = ['shell/src', 'shared/src', ...readdirSync(root).filter((dir) => dir.startsWith('mfe-')).map((dir) => `${dir}/src`)];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry) && !/\.(test|spec)\.tsx?$/.test(entry) && !full.includes(`${path.sep}testing${path.sep}`) ? [full] : [];
  });
}

/** `import { a, type B, c as d } from 'react-router…'` → value names a, c; anything else is reported. */
function routerImports(source: string): { names: string[]; other: string[] } {
  const names: string[] = [];
  const other: string[] = [];
  for (const match of source.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+['"](react-router(?:-dom)?(?:\/[\w-]+)?)['"]/g)) {
    const [statement, typeOnly, clause, specifier] = match;
    if (specifier !== 'react-router' && specifier !== 'react-router-dom') other.push(statement!);
    if (typeOnly) continue;
    const braces = /^\{([^}]*)\}$/.exec(clause!.trim());
    if (!braces) {
      other.push(statement!);
      continue;
    }
    for (const part of braces[1]!.split(',').map((p) => p.trim()).filter(Boolean)) {
      if (part.startsWith('type ')) continue;
      names.push(part.split(/\s+as\s+/)[0]!);
    }
  }
  return { names, other };
}

function browserExports(): Set<string> {
  const source = readFileSync(path.join(__dirname, 'react-router-browser.ts'), 'utf8');
  const names = new Set<string>();
  for (const match of source.matchAll(/export\s+\{([^}]*)\}\s+from/g)) for (const part of match[1]!.split(',')) if (part.trim()) names.add(part.trim());
  return names;
}

describe('the shared router module (react-router-browser.ts)', () => {
  const files = APP_SOURCES.filter((dir) => statSync(path.join(root, dir), { throwIfNoEntry: false })?.isDirectory()).flatMap((dir) => sourceFiles(path.join(root, dir)));

  it('passes on every name the apps import from react-router and react-router-dom', () => {
    const exported = browserExports();
    const missing = new Set<string>();
    let seen = 0;
    for (const file of files) {
      for (const name of routerImports(readFileSync(file, 'utf8')).names) {
        seen += 1;
        if (!exported.has(name)) missing.add(`${name} (${path.relative(root, file)})`);
      }
    }
    expect(seen).toBeGreaterThan(20);
    expect([...missing]).toEqual([]);
  });

  it('is the only way in: no default, namespace or sub-path imports of the router in app code', () => {
    const other = files.flatMap((file) => routerImports(readFileSync(file, 'utf8')).other.map((statement) => `${path.relative(root, file)}: ${statement}`));
    expect(other).toEqual([]);
  });

  it('reads import lists the way the apps write them', () => {
    expect(routerImports(`import { Link, type To, useNavigate as go } from 'react-router-dom';\nimport type { RouteObject } from 'react-router';`).names).toEqual(['Link', 'useNavigate']);
    expect(routerImports(`import * as Router from 'react-router';`).other).toHaveLength(1);
  });
});
