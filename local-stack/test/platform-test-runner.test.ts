import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The platform suite's runner resumes a Jest process that V8 killed (nodejs/node#64500) and never
// retries a test that failed. These tests drive the real runner and real Jest on a tiny suite
// whose files record each run, and one of which kills its own process the way V8 does.

jest.setTimeout(120_000);

const repoRoot = path.resolve(__dirname, '../..');
const runner = path.join(repoRoot, 'local-stack/test-runner/run-platform-tests.cjs');
const finishedFilesModule = path.join(repoRoot, 'local-stack/test-runner/finished-files.cjs');

type Behaviour = 'pass' | 'fail' | 'crash-once' | 'crash-always';

function makeSuite(behaviourOfB: Behaviour): { dir: string; runsOf: (name: string) => number } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'runner-suite-'));
  const runsLog = path.join(dir, 'runs.log');
  const testFile = (name: string, behaviour: Behaviour) => `
    const fs = require('node:fs');
    test('${name}', () => {
      fs.appendFileSync(${JSON.stringify(runsLog)}, '${name}\\n');
      const marker = ${JSON.stringify(path.join(dir, `${name}.crashed`))};
      if ('${behaviour}' === 'crash-always' || ('${behaviour}' === 'crash-once' && !fs.existsSync(marker))) {
        fs.writeFileSync(marker, '');
        process.kill(process.pid, 'SIGTRAP');
      }
      expect('${behaviour}').not.toBe('fail');
    });`;
  writeFileSync(path.join(dir, 'a.test.js'), testFile('a', 'pass'));
  writeFileSync(path.join(dir, 'b.test.js'), testFile('b', behaviourOfB));
  writeFileSync(path.join(dir, 'c.test.js'), testFile('c', 'pass'));
  writeFileSync(
    path.join(dir, 'jest.config.cjs'),
    `const { withFinishedFilesLeftOut } = require(${JSON.stringify(finishedFilesModule)});
     module.exports = withFinishedFilesLeftOut({ rootDir: __dirname, testEnvironment: 'node', transform: {}, cacheDirectory: __dirname + '/.cache' });`,
  );
  const runsOf = (name: string) =>
    existsSync(runsLog) ? readFileSync(runsLog, 'utf8').split('\n').filter((line) => line === name).length : 0;
  return { dir, runsOf };
}

function runSuite(dir: string, shards = 1) {
  const env: NodeJS.ProcessEnv = { ...process.env, PLATFORM_TEST_JEST_CONFIG: path.join(dir, 'jest.config.cjs'), PLATFORM_TEST_SHARDS: String(shards) };
  delete env.PLATFORM_TEST_LEDGER;
  delete env.PLATFORM_TEST_SKIP_FINISHED;
  const run = spawnSync(process.execPath, [runner], { cwd: repoRoot, env, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the platform test runner', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test('resumes after V8 kills the process, without running finished files again', () => {
    const { dir, runsOf } = makeSuite('crash-once');
    dirs.push(dir);
    const { status, output } = runSuite(dir);
    expect(output).toContain('V8 killed the Jest process (SIGTRAP');
    expect(output).toContain('Resume 1 of 3');
    expect(output).toMatch(/after 1 resume\(s\): 3 files finished, 0 failed\./);
    expect(status).toBe(0);
    expect([runsOf('a'), runsOf('b'), runsOf('c')]).toEqual([1, 2, 1]);
  });

  test('a failing test fails the run and is not retried', () => {
    const { dir, runsOf } = makeSuite('fail');
    dirs.push(dir);
    const { status, output } = runSuite(dir);
    expect(status).toBe(1);
    expect(output).not.toContain('Resume');
    expect([runsOf('a'), runsOf('b'), runsOf('c')]).toEqual([1, 1, 1]);
  });

  test('a process that keeps being killed fails the run after three resumes', () => {
    const { dir, runsOf } = makeSuite('crash-always');
    dirs.push(dir);
    const { status, output } = runSuite(dir);
    expect(status).toBe(1);
    expect(output).toContain('Resume 3 of 3');
    expect(output).toContain('not resumed again');
    expect(runsOf('b')).toBe(4);
    // Files that finished before a kill are never run again (Jest may order b first every time).
    expect(runsOf('a')).toBeLessThanOrEqual(1);
    expect(runsOf('c')).toBeLessThanOrEqual(1);
  });

  test('as two shards side by side: every file runs once, a failure in either fails the run, and a killed shard is resumed alone', () => {
    const passing = makeSuite('pass');
    dirs.push(passing.dir);
    const together = runSuite(passing.dir, 2);
    expect(together.output).toContain('2 shards side by side');
    expect(together.output).toMatch(/^\[1\/2\] /m);
    expect(together.output).toMatch(/^\[2\/2\] /m);
    expect(together.status).toBe(0);
    expect([passing.runsOf('a'), passing.runsOf('b'), passing.runsOf('c')]).toEqual([1, 1, 1]);

    const failing = makeSuite('fail');
    dirs.push(failing.dir);
    const failed = runSuite(failing.dir, 2);
    expect(failed.status).toBe(1);
    expect(failed.output).toMatch(/2 shards, failed: [12]\/2\./);
    expect([failing.runsOf('a'), failing.runsOf('b'), failing.runsOf('c')]).toEqual([1, 1, 1]);

    const crashing = makeSuite('crash-once');
    dirs.push(crashing.dir);
    const resumed = runSuite(crashing.dir, 2);
    expect(resumed.output).toMatch(/== platform tests \[[12]\/2\]: V8 killed the Jest process \(SIGTRAP/);
    expect(resumed.status).toBe(0);
    expect([crashing.runsOf('a'), crashing.runsOf('b'), crashing.runsOf('c')]).toEqual([1, 2, 1]);
  });
});
