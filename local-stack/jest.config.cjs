// Platform tests: real PGlite / PostgreSQL, real HTTP, real supabase-js — in Node.
const preset = require('../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'local-stack',
  rootDir: __dirname,
  testEnvironment: 'node',
  testTimeout: 60_000,
  // ESM-only packages Jest's CommonJS runtime must transform (hono's CJS build is used as is).
  transformIgnorePatterns: ['/node_modules/(?!(jose|file-type|strtok3|peek-readable|token-types|uint8array-extras|@tokenizer)/)'],
};
