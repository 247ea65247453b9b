import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * @module-federation/enhanced reaches into webpack's internals (`webpack/lib/...`). webpack
 * 5.112 moved many of those files, so the pair in package.json must be one where every file the
 * plugin requires exists (docs/decisions/0031). This fails the moment the two drift apart —
 * before a build does, and without a shim that patches Node's module resolution.
 */

const root = path.resolve(__dirname, '../..');
const federationPackages = ['enhanced', 'manifest'].map((name) => path.join(root, 'node_modules/@module-federation', name));

function javascriptFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (entry === 'node_modules') return [];
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return javascriptFiles(full);
    return /\.(c|m)?js$/.test(entry) ? [full] : [];
  });
}

function webpackInternalsRequired(): string[] {
  const requests = new Set<string>();
  for (const dir of federationPackages) {
    for (const file of javascriptFiles(dir)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/['"`](webpack\/lib\/[A-Za-z0-9_/.-]+?)(?:\.js)?['"`]/g)) {
        requests.add(match[1]!);
      }
    }
  }
  return [...requests].sort();
}

describe('the @module-federation/enhanced and webpack pair', () => {
  const required = webpackInternalsRequired();

  it('finds the webpack internals the federation plugin requires', () => {
    // A scan that finds nothing would make the next assertion vacuous.
    expect(required.length).toBeGreaterThanOrEqual(20);
  });

  it('has every one of them in the installed webpack', () => {
    const missing = required.filter((request) => {
      try {
        require.resolve(request, { paths: federationPackages });
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });

  it('builds without a shim over Node module resolution', () => {
    const config = readFileSync(path.join(__dirname, 'create-config.cjs'), 'utf8');
    expect(config).not.toMatch(/_resolveFilename|paths-shim/);
  });

  it('pins webpack and the federation packages to exact versions', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const all = { ...pkg.dependencies, ...pkg.devDependencies };
    for (const name of ['webpack', '@module-federation/enhanced', '@module-federation/runtime']) {
      expect(all[name]).toMatch(/^\d+\.\d+\.\d+$/);
    }
    const installed = JSON.parse(readFileSync(path.join(root, 'node_modules/webpack/package.json'), 'utf8')) as { version: string };
    expect(installed.version).toBe(all.webpack);
  });
});
