// webpack 5.112 reorganised lib/ (lib/Module -> lib/module/Module, lib/util/semver ->
// lib/sharing/semver, …) while @module-federation/enhanced 2.9 still requires the old paths.
// Requests for a 'webpack/lib/…' file that no longer exists are redirected to the one file of
// the same name under lib/ — instead of pinning an older webpack for everyone.
// See docs/decisions/0003-webpack-internal-path-shim.md.
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');

const webpackLib = path.join(path.dirname(require.resolve('webpack/package.json')), 'lib');
let index = null;

function filesByName() {
  if (index) return index;
  index = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.js')) {
        const name = entry.name.slice(0, -3);
        index.set(name, index.has(name) ? null : full); // null: ambiguous, never guessed
      }
    }
  };
  walk(webpackLib);
  return index;
}

function relocated(request) {
  if (!request.startsWith('webpack/lib/')) return undefined;
  const rest = request.slice('webpack/lib/'.length).replace(/\.js$/, '');
  if (fs.existsSync(path.join(webpackLib, `${rest}.js`))) return undefined;
  return filesByName().get(path.basename(rest)) ?? undefined;
}

const original = Module._resolveFilename;
if (!original.__dossierShim) {
  const patched = function resolveFilename(request, ...rest) {
    const moved = typeof request === 'string' ? relocated(request) : undefined;
    return original.call(this, moved ?? request, ...rest);
  };
  patched.__dossierShim = true;
  Module._resolveFilename = patched;
}
