import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

/**
 * The platform is its own npm workspace (issue 23 §3, docs/decisions/0435): every package that
 * `local-stack/{src,bench,test,test-runner}` imports is declared in `local-stack/package.json`, at
 * the exact version the lock installs — so the platform can be installed, versioned and reasoned
 * about without reading the front end's root manifest.
 */

const root = path.resolve(__dirname, '../..');
const FOLDERS = ['src', 'bench', 'test', 'test-runner'];

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The package a bare specifier names: `hono/cors` → `hono`, `@hono/node-server/x` → `@hono/node-server`. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return undefined;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return builtinModules.includes(name) ? undefined : name;
}

/** Every package a source text imports (static, dynamic, `require`, `import type`, triple-slash types). */
export function importedPackages(source: string): string[] {
  const info = ts.preProcessFile(source, true, true);
  const specifiers = [...info.importedFiles, ...info.typeReferenceDirectives].map((ref) => ref.fileName);
  return [...new Set(specifiers.map(packageOf).filter((name): name is string => name !== undefined))];
}

/** `file: package` for each import the manifest does not declare. */
export function undeclaredImports(files: Map<string, string>, manifest: Manifest): string[] {
  const declared = new Set(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }));
  const missing: string[] = [];
  for (const [file, source] of files) {
    for (const name of importedPackages(source)) if (!declared.has(name)) missing.push(`${file}: ${name}`);
  }
  return missing;
}

function sources(folder: string, files = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) sources(file, files);
    else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name)) files.set(path.relative(root, file), readFileSync(file, 'utf8'));
  }
  return files;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T;

describe('local-stack declares its own dependencies', () => {
  const manifest = readJson<Manifest>('local-stack/package.json');

  it('lists every package its sources, benchmarks and tests import', () => {
    const files = new Map<string, string>();
    for (const folder of FOLDERS) sources(path.join(root, 'local-stack', folder), files);
    expect(files.size).toBeGreaterThan(100);
    expect(undeclaredImports(files, manifest)).toEqual([]);
  });

  it('lists the type packages its tsconfig names', () => {
    const tsconfig = ts.readConfigFile(path.join(root, 'local-stack/tsconfig.json'), ts.sys.readFile).config as { compilerOptions: { types?: string[] } };
    const declared = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const name of tsconfig.compilerOptions.types ?? []) expect(declared).toHaveProperty([`@types/${name}`]);
  });

  it('pins each at the exact version the lock installs', () => {
    const lock = readJson<{ packages: Record<string, { version?: string }> }>('package-lock.json');
    const workspaces = new Map(Object.entries(lock.packages).map(([location, info]) => [location, info.version]));
    const pinned = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies });
    const wrong = pinned.filter(([name, version]) => {
      const installed = lock.packages[`local-stack/node_modules/${name}`]?.version ?? lock.packages[`node_modules/${name}`]?.version;
      // A workspace package (`@dossier/shared`) is a link; its version is the workspace's own.
      const linked = name.startsWith('@dossier/') ? workspaces.get(name.replace('@dossier/', '')) : undefined;
      return version !== (linked ?? installed);
    });
    expect(wrong).toEqual([]);
  });

  it('reports an import of a package the manifest does not declare', () => {
    const files = new Map([
      ['local-stack/src/a.ts', "import { Hono } from 'hono';\nimport type { Pool } from 'pg';\nimport fs from 'node:fs';\nimport path from 'path';\nimport { x } from './x.js';"],
      ['local-stack/test/b.test.ts', "const s3 = await import('@aws-sdk/client-s3/dist');\nconst q = require('qrcode');"],
    ]);
    expect(undeclaredImports(files, { dependencies: { hono: '4.0.0' } })).toEqual([
      'local-stack/src/a.ts: pg',
      'local-stack/test/b.test.ts: @aws-sdk/client-s3',
      'local-stack/test/b.test.ts: qrcode',
    ]);
  });
});
