#!/usr/bin/env node
// Completes package-lock.json with the native packages of OTHER platforms (darwin, win32, musl…)
// that npm leaves out when the registry it installs from does not serve them (this project's
// package mirror serves only linux-x64/arm64 builds). `npm ci` refuses such a lock file
// ("Missing: @swc/core-darwin-arm64@ from lock file"). Each added entry is what npm itself would
// write — the version its parent pins, optional, with the os/cpu/libc its name states — so on a
// machine of another platform `npm ci` fetches it, and here it is skipped as not for this platform.
// Run after every `npm install` that changes the lock (docs/decisions/0034); `nx test tools`
// fails while the lock is incomplete.
const { readFileSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix', 'netbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

/** os, cpu and libc from a platform package's name ('@swc/core-linux-x64-musl'). */
function platformOf(name) {
  const parts = path.basename(name).split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!cpu) return undefined;
  const libc = os === 'linux' ? (parts.some((part) => part.startsWith('musl')) ? 'musl' : parts.some((part) => part.startsWith('gnu')) ? 'glibc' : undefined) : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

/** The optional dependencies no lock entry satisfies, with the entry to add for each. */
function missingOptionalEntries(lock) {
  const packages = lock.packages;
  const found = new Map();
  for (const [location, info] of Object.entries(packages)) {
    for (const [dep, version] of Object.entries(info.optionalDependencies ?? {})) {
      const candidates = [];
      let at = location;
      for (;;) {
        candidates.push(at ? `${at}/node_modules/${dep}` : `node_modules/${dep}`);
        if (!at) break;
        const cut = at.lastIndexOf('/node_modules/');
        at = cut >= 0 ? at.slice(0, cut) : '';
      }
      if (candidates.some((candidate) => packages[candidate])) continue;
      const platform = platformOf(dep);
      if (!platform || !/^\d+\.\d+\.\d+/.test(version)) {
        throw new Error(`${dep}@${version} (optional dependency of ${location || 'the root'}) is missing and cannot be completed by name`);
      }
      const flags = Object.fromEntries(['dev', 'devOptional', 'peer'].filter((flag) => info[flag]).map((flag) => [flag, true]));
      found.set(`node_modules/${dep}`, { version, ...platform, ...flags, optional: true });
    }
  }
  return found;
}

function completeLockfile(file) {
  const lock = JSON.parse(readFileSync(file, 'utf8'));
  const missing = missingOptionalEntries(lock);
  if (missing.size === 0) return 0;
  const packages = { ...lock.packages, ...Object.fromEntries(missing) };
  // npm keeps entries sorted by location; the root ('') first.
  lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  return missing.size;
}

module.exports = { platformOf, missingOptionalEntries, completeLockfile };

if (require.main === module) {
  const file = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'package-lock.json'));
  const added = completeLockfile(file);
  console.log(added === 0 ? 'package-lock.json is complete' : `package-lock.json: added ${added} optional platform packages`);
}
