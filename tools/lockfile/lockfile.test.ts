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
