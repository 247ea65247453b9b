// The ledger of finished test files that run-platform-tests.cjs keeps across a V8 abort: the
// reporter that writes it, and the Jest config wrapper that reads it when a run is resumed.
const fs = require('node:fs');

function readFinishedFiles(ledger) {
  if (!ledger || !fs.existsSync(ledger)) return [];
  return fs
    .readFileSync(ledger, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Jest config + every file the ledger names as finished, when this run is a resume. */
function withFinishedFilesLeftOut(config) {
  if (process.env.PLATFORM_TEST_SKIP_FINISHED !== '1') return config;
  const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const finished = readFinishedFiles(process.env.PLATFORM_TEST_LEDGER).map((entry) => entry.file);
  return {
    ...config,
    testPathIgnorePatterns: [...(config.testPathIgnorePatterns ?? ['/node_modules/']), ...finished.map((file) => `^${escape(file)}$`)],
  };
}

module.exports = { readFinishedFiles, withFinishedFilesLeftOut };
