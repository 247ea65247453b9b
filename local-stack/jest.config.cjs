// Platform tests: real PGlite / PostgreSQL, real HTTP, real supabase-js — in Node. Two homes, one
// runner: the platform's own tests (local-stack/test: the emulated Supabase protocol) and the
// product's database tests (supabase/tests: our migrations and functions), docs/conventions.md.
const path = require('node:path');
const preset = require('../jest.preset.cjs');
const { withFinishedFilesLeftOut } = require('./test-runner/finished-files.cjs');

module.exports = withFinishedFilesLeftOut({
  ...preset,
  displayName: 'local-stack',
  rootDir: __dirname,
  roots: [__dirname, path.join(__dirname, '../supabase/tests')],
  testEnvironment: 'node',
  // A fresh PGlite stack (WASM start, extensions, every migration) takes over a minute on a loaded
  // machine; hooks share this limit.
  testTimeout: 180_000,
  // ESM-only packages Jest's CommonJS runtime must transform (hono's CJS build is used as is);
  // srvx (@tus/server's request adapter) ships .mjs files.
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'] },
  transformIgnorePatterns: ['/node_modules/(?!(jose|file-type|strtok3|peek-readable|token-types|uint8array-extras|@tokenizer|@tus|srvx)/)'],
});
