#!/usr/bin/env node
// `npm run test:platform`: the platform suite (real PGlite / PostgreSQL, real HTTP, real
// supabase-js), run in band by Jest, and resumed when V8 itself aborts the process.
//
// Why the resume: PGlite is PostgreSQL compiled to WebAssembly, and a process that starts and
// stops many PGlite instances (the suite starts a fresh stack per file) now and then dies inside
// V8 with "Check failed: jit_page_->allocations_.erase(addr) == 1" or a SIGSEGV. That is an open
// V8 bug (nodejs/node#64500, electric-sql/pglite#1053), not a failure of the code under test; it
// killed a CI run after 3 minutes. When the Jest process dies by such a signal, this runner
// keeps the results in the ledger of finished files (finished-files-reporter.cjs) and runs the
// same command again in a new process without them (finished-files.cjs, read by the Jest
// config). A test that fails is never retried; only a process V8 killed is resumed, at most
// MAX_RESUMES times, and every resume is printed.
//
// Arguments pass through to Jest (`npm run test:platform -- local-stack/test/auth.test.ts`).
// PLATFORM_TEST_JEST_CONFIG names another Jest config (the runner's own test uses it).
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { readFinishedFiles } = require('./finished-files.cjs');

const root = path.resolve(__dirname, '../..');
const MAX_RESUMES = 3;
// How V8 ends a process on an internal CHECK failure or a fault in JIT code.
const ENGINE_CRASH_SIGNALS = new Set(['SIGTRAP', 'SIGSEGV', 'SIGABRT', 'SIGILL', 'SIGBUS']);

const jestConfig = process.env.PLATFORM_TEST_JEST_CONFIG ?? path.join(root, 'local-stack/jest.config.cjs');
const jestCommand = [
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
  path.join(root, 'node_modules/jest/bin/jest.js'),
  '-c',
  jestConfig,
  '--runInBand',
];
// Last on the command line: Jest's --reporters takes every plain argument after it as a reporter.
const reporters = ['--reporters=default', `--reporters=${path.join(__dirname, 'finished-files-reporter.cjs')}`];

function runJest(args, env) {
  return spawnSync(process.execPath, [...jestCommand, ...args, ...reporters], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
}

function main() {
  const userArgs = process.argv.slice(2);
  const ledger = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-platform-tests-')), 'finished.jsonl');
  let result = runJest(userArgs, { PLATFORM_TEST_LEDGER: ledger, PLATFORM_TEST_SKIP_FINISHED: '0' });
  let resumes = 0;

  while (result.signal && ENGINE_CRASH_SIGNALS.has(result.signal) && resumes < MAX_RESUMES) {
    resumes += 1;
    console.error(
      `\n== platform tests: V8 killed the Jest process (${result.signal}, nodejs/node#64500) after ` +
        `${readFinishedFiles(ledger).length} finished files. Resume ${resumes} of ${MAX_RESUMES}: the same run without them, in a new process.\n`,
    );
    result = runJest([...userArgs, '--passWithNoTests'], { PLATFORM_TEST_LEDGER: ledger, PLATFORM_TEST_SKIP_FINISHED: '1' });
  }

  if (result.signal) {
    console.error(`\n== platform tests: the Jest process was killed by ${result.signal}; not resumed again.`);
    return 1;
  }
  if (resumes === 0) return result.status ?? 1;
  // The last Jest run knows only its own files: after a resume the verdict is the ledger's too.
  const entries = readFinishedFiles(ledger);
  const failedFiles = entries.filter((entry) => entry.failed).map((entry) => path.relative(root, entry.file));
  console.error(
    `\n== platform tests after ${resumes} resume(s): ${entries.length} files finished, ${failedFiles.length} failed` +
      (failedFiles.length > 0 ? `: ${failedFiles.join(', ')}.` : '.'),
  );
  return failedFiles.length === 0 && result.status === 0 ? 0 : 1;
}

process.exitCode = main();
