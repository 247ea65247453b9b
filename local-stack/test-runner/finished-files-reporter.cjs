// A Jest reporter that writes one line per finished test file to the ledger named by
// PLATFORM_TEST_LEDGER, synchronously, before the next file starts. When V8 aborts the process
// mid-suite (nodejs/node#64500, see run-platform-tests.cjs) the ledger is the only record of
// which files already ran and how they ended.
const fs = require('node:fs');

class FinishedFilesReporter {
  onTestResult(_test, result) {
    const ledger = process.env.PLATFORM_TEST_LEDGER;
    if (!ledger) return;
    const failed = result.numFailingTests > 0 || Boolean(result.testExecError);
    fs.appendFileSync(ledger, `${JSON.stringify({ file: result.testFilePath, failed })}\n`);
  }
}

module.exports = FinishedFilesReporter;
