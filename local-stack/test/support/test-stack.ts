import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startStack, type StartedStack } from '../../src/start.js';
import type { StackConfig } from '../../src/context.js';
import type { ManagedDatabase } from '../../src/db/request-settings.js';
import { copyPgliteTemplate, createPostgresFromTemplate, templatesEnabled } from './database-templates.js';

export type TestDatabase = 'pglite' | 'postgres';

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** True when a missing PostgreSQL must fail the run instead of being reported as not run. */
export function postgresRequired(): boolean {
  return Boolean(process.env.CI || process.env.REQUIRE_POSTGRES);
}

let postgresReachable: boolean | undefined;

async function probePostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Which databases a suite should run on: always PGlite; PostgreSQL when reachable. When it is not
 * reachable and CI or REQUIRE_POSTGRES is set, 'postgres' is still listed so its leg FAILS loudly
 * (startTestStack throws); otherwise one clear line says that leg was not run.
 * Jest collects `describe.each` synchronously: suites use databasesSync().
 */
export async function databases(): Promise<TestDatabase[]> {
  postgresReachable ??= await probePostgres();
  if (postgresReachable || postgresRequired()) return ['pglite', 'postgres'];
  console.warn(`PostgreSQL leg NOT RUN: nothing answers at ${redact(testDatabaseUrl())} (run scripts/ensure-postgres.sh, or set TEST_DATABASE_URL)`);
  return ['pglite'];
}

/**
 * Synchronous variant for `describe.each`: probes PostgreSQL with a child process (Jest collects
 * suites synchronously). Same rules as databases().
 */
export function databasesSync(): TestDatabase[] {
  if (postgresReachable === undefined) {
    const script = `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:2000});c.connect().then(()=>c.query('select 1')).then(()=>{c.end();process.exit(0)},()=>process.exit(1))`;
    const r = spawnSync(process.execPath, ['-e', script, testDatabaseUrl()], { timeout: 10_000, cwd: process.cwd() });
    postgresReachable = r.status === 0;
  }
  if (postgresReachable || postgresRequired()) return ['pglite', 'postgres'];
  console.warn(`PostgreSQL leg NOT RUN: nothing answers at ${redact(testDatabaseUrl())} (run scripts/ensure-postgres.sh, or set TEST_DATABASE_URL)`);
  return ['pglite'];
}

function redact(url: string): string {
  return url.replace(/:\/\/([^:@/]+):[^@/]*@/, '://$1:***@');
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export interface TestStack extends StartedStack {
  database: TestDatabase;
  /** The temporary data directory (PGlite files, stored objects, outbox). */
  dataDir: string;
  /** Runs a multi-statement SQL script as the owner, in one transaction (test fixtures). */
  runScript(sql: string): Promise<void>;
  /** Restarts on the same data (same dataDir / same database): what a developer's restart does. */
  restart(): Promise<TestStack>;
}

export interface TestStackOptions {
  database: TestDatabase;
  overrides?: Partial<StackConfig>;
  /** Print request lines (default: only when STACK_TEST_LOG is set). */
  log?: (line: string) => void;
}

/**
 * A fresh, isolated stack on free ports: a new temporary PGlite directory, or a newly created
 * database `dossier_test_<random>` on the test PostgreSQL (dropped on stop). Both start as a copy
 * of a database already migrated to today's schema (database-templates.ts), unless the test
 * brings its own supabase directory.
 */
export async function startTestStack(options: TestStackOptions): Promise<TestStack> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-stack-'));
  const fromTemplate = templatesEnabled() && !options.overrides?.supabaseDir && !options.overrides?.dataDir && !options.overrides?.databaseUrl;
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (options.database === 'pglite' && fromTemplate) await copyPgliteTemplate(dataDir);
  if (options.database === 'postgres') {
    dbName = `dossier_test_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: testDatabaseUrl(), connectionTimeoutMillis: 5000 });
    try {
      await admin.connect();
      if (fromTemplate) await createPostgresFromTemplate(admin, testDatabaseUrl(), dbName);
      else await admin.query(`create database ${dbName}`);
    } catch (e) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`PostgreSQL leg cannot run: ${(e as Error).message} at ${redact(testDatabaseUrl())} (run scripts/ensure-postgres.sh)`, { cause: e });
    } finally {
      await admin.end().catch(() => undefined);
    }
    databaseUrl = withDatabase(testDatabaseUrl(), dbName);
  }
  return launch(options, dataDir, databaseUrl, dbName);
}

async function launch(options: TestStackOptions, dataDir: string, databaseUrl: string | undefined, dbName: string | undefined): Promise<TestStack> {
  const log = options.log ?? (process.env.STACK_TEST_LOG ? (l: string) => console.log(l) : () => undefined);
  const stack = await startStack(
    { port: 0, googlePort: 0, stripePort: 0, dataDir, databaseUrl, storage: { kind: 'local', root: path.join(dataDir, 'storage') }, ...options.overrides },
    { log },
  );
  const stopOnly = stack.stop.bind(stack);
  const test: TestStack = {
    ...stack,
    database: options.database,
    dataDir,
    runScript: (sql) => (stack.db as ManagedDatabase).runScript(sql),
    async restart() {
      await stopOnly();
      return launch(options, dataDir, databaseUrl, dbName);
    },
    async stop() {
      await stopOnly();
      rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: testDatabaseUrl() });
        await admin.connect();
        try {
          await admin.query(`drop database if exists ${dbName} with (force)`);
        } finally {
          await admin.end();
        }
      }
    },
  };
  return test;
}

export interface WithStackOptions extends Omit<TestStackOptions, 'database'> {
  /** SQL the suite's fixtures need, run once as the owner right after the start (runScript). */
  script?: string;
}

/**
 * The setup of a suite that needs one stack: in `beforeAll`, a fresh stack on `database` (then
 * `script`, if any); in `afterAll`, the stack stopped (its data directory or database gone).
 * Returns a getter to call inside tests and later hooks: `stack().url`. Hooks a suite adds after
 * this call run after the stack is up.
 */
export function withStack(database: TestDatabase, { script, ...options }: WithStackOptions = {}): () => TestStack {
  let stack: TestStack | undefined;
  beforeAll(async () => {
    stack = await startTestStack({ ...options, database });
    if (script) await stack.runScript(script);
  });
  afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error('withStack: the stack is not started yet (call the getter inside a test or a later hook)');
    return stack;
  };
}
