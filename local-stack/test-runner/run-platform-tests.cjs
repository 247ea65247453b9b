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
//
// Two at a time: the whole suite (no arguments) runs as PLATFORM_TEST_SHARDS Jest processes side
// by side (default 2; Jest's --shard splits the files), each in band and each resumed on its own.
// One in-band process used one of the two cores while PGlite, PostgreSQL and supabase-js waited
// on each other: 374 s for the suite, ~245 s as two shards (docs/testing-tiers.md). Each shard's
// lines are prefixed with its number. With arguments (a file, a pattern) it is one process.
const { spawn } = require('node:child_process');
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

/** Runs Jest once; resolves with how it ended. `label` prefixes each line of its output (shards). */
function runJest(args, env, label) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...jestCommand, ...args, ...reporters], {
      cwd: root,
      stdio: label ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) to.write(`${label} ${line}\n`);
        });
        from.on('end', () => rest && to.write(`${label} ${rest}\n`));
      }
    }
    child.on('close', (status, signal) => resolve({ status, signal }));
  });
}

/** One Jest run of these arguments, resumed when V8 kills it; resolves with its exit code. */
async function runResumed(userArgs, label = '') {
  const name = label ? `platform tests ${label}` : 'platform tests';
  const ledger = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dossier-platform-tests-')), 'finished.jsonl');
  let result = await runJest(userArgs, { PLATFORM_TEST_LEDGER: ledger, PLATFORM_TEST_SKIP_FINISHED: '0' }, label);
  let resumes = 0;

  while (result.signal && ENGINE_CRASH_SIGNALS.has(result.signal) && resumes < MAX_RESUMES) {
    resumes += 1;
    console.error(
      `\n== ${name}: V8 killed the Jest process (${result.signal}, nodejs/node#64500) after ` +
        `${readFinishedFiles(ledger).length} finished files. Resume ${resumes} of ${MAX_RESUMES}: the same run without them, in a new process.\n`,
    );
    result = await runJest([...userArgs, '--passWithNoTests'], { PLATFORM_TEST_LEDGER: ledger, PLATFORM_TEST_SKIP_FINISHED: '1' }, label);
  }

  if (result.signal) {
    console.error(`\n== ${name}: the Jest process was killed by ${result.signal}; not resumed again.`);
    return 1;
  }
  if (resumes === 0) return result.status ?? 1;
  // The last Jest run knows only its own files: after a resume the verdict is the ledger's too.
  const entries = readFinishedFiles(ledger);
  const failedFiles = entries.filter((entry) => entry.failed).map((entry) => path.relative(root, entry.file));
  console.error(
    `\n== ${name} after ${resumes} resume(s): ${entries.length} files finished, ${failedFiles.length} failed` +
      (failedFiles.length > 0 ? `: ${failedFiles.join(', ')}.` : '.'),
  );
  return failedFiles.length === 0 && result.status === 0 ? 0 : 1;
}

/** How many shards: PLATFORM_TEST_SHARDS, else 2 for the whole suite; always 1 with arguments. */
function shardCount(userArgs) {
  if (userArgs.length > 0) return 1;
  const asked = Number(process.env.PLATFORM_TEST_SHARDS ?? 2);
  return Number.isInteger(asked) && asked >= 1 ? asked : 2;
}

async function main() {
  const userArgs = process.argv.slice(2);
  const shards = shardCount(userArgs);
  if (shards === 1) return runResumed(userArgs);
  console.error(`== platform tests: ${shards} shards side by side (PLATFORM_TEST_SHARDS=1 for one process)`);
  const codes = await Promise.all(
    Array.from({ length: shards }, (_, i) => runResumed([`--shard=${i + 1}/${shards}`, '--passWithNoTests'], `[${i + 1}/${shards}]`)),
  );
  const failed = codes.map((code, i) => (code === 0 ? null : `${i + 1}/${shards}`)).filter(Boolean);
  console.error(`\n== platform tests: ${shards} shards, ${failed.length === 0 ? 'all passed' : `failed: ${failed.join(', ')}`}.`);
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
