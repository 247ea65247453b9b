import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findRepoRoot, loadConfig } from '../../src/config.js';
import { openDatabase, prepareDatabase } from '../../src/start.js';

/**
 * Migrated databases to start test stacks from (issue 23 §4). A fresh PGlite data directory costs
 * initdb (10–50 s on these machines) plus every migration, for every test file; a copy of one
 * prepared directory opens in a few seconds. On PostgreSQL a new database is
 * `CREATE DATABASE … TEMPLATE` of one prepared database.
 *
 * A template is keyed by a fingerprint of everything that decides its content (the bootstrap SQL,
 * the migrations, seed.sql, the runner that applies them and PGlite's version), so a changed
 * migration makes a new template, never a stale one. `prepareDatabase` still runs on every copy
 * (it finds nothing to do), so a stack started from a template is the stack a fresh start makes.
 * The migrations themselves are proven fresh by migrations.test.ts and by every stack a test
 * gives its own supabase directory. PLATFORM_TEST_FRESH_DATABASES=1 turns templates off.
 */

export function templatesEnabled(): boolean {
  return process.env.PLATFORM_TEST_FRESH_DATABASES !== '1';
}

function filesOf(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((file) => statSync(file).isFile())
    .sort();
}

const fingerprints = new Map<string, string>();

/** A short hash of the bootstrap, the migrations, the seed and the migration runner of `root`. */
export function schemaFingerprint(root = findRepoRoot()): string {
  const known = fingerprints.get(root);
  if (known) return known;
  // The engine's version too: a PGlite data directory is only readable by the PGlite that made it.
  const pglite = JSON.parse(readFileSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(`pglite ${pglite.version}\0`);
  const inputs = [
    ...filesOf(path.join(root, 'local-stack/src/db/bootstrap')),
    ...filesOf(path.join(root, 'supabase/migrations')),
    path.join(root, 'supabase/seed.sql'),
    ...filesOf(path.join(root, 'local-stack/src/migrations')),
  ];
  for (const file of inputs) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const fingerprint = hash.digest('hex').slice(0, 16);
  fingerprints.set(root, fingerprint);
  return fingerprint;
}

const PGLITE_TEMPLATE_PREFIX = 'dossier-pglite-template-';

/** The prepared PGlite data directory for today's schema, made on first use. */
async function pgliteTemplate(): Promise<string> {
  const template = path.join(os.tmpdir(), `${PGLITE_TEMPLATE_PREFIX}${schemaFingerprint()}`);
  if (existsSync(path.join(template, 'db'))) return template;
  const building = mkdtempSync(path.join(os.tmpdir(), 'dossier-pglite-template-building-'));
  const config = loadConfig({ dataDir: building, databaseUrl: undefined });
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config, () => undefined);
  } finally {
    await db.close();
  }
  // Older schemas' templates are of no further use.
  for (const name of readdirSync(os.tmpdir())) {
    if (name.startsWith(PGLITE_TEMPLATE_PREFIX) && !name.startsWith(`${PGLITE_TEMPLATE_PREFIX}building-`) && path.join(os.tmpdir(), name) !== template) {
      rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
    }
  }
  try {
    renameSync(building, template);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
  return template;
}

/** Puts a copy of the prepared PGlite database into `dataDir/db`. */
export async function copyPgliteTemplate(dataDir: string): Promise<void> {
  const template = await pgliteTemplate();
  cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Session-level advisory lock key held while the template database is looked for and built. */
const TEMPLATE_LOCK = 0x646f7373; // "doss"

/**
 * Creates `dbName` on the server of `adminUrl` as a copy of the prepared template database.
 * Per-database role settings (`ALTER ROLE … IN DATABASE`) are not copied by PostgreSQL's
 * TEMPLATE, so they are copied here.
 */
export async function createPostgresFromTemplate(admin: pg.Client, adminUrl: string, dbName: string): Promise<void> {
  const template = `dossier_template_${schemaFingerprint()}`;
  // The platform tests run as two processes side by side (run-platform-tests.cjs): on a fresh
  // server both would build the template, and each would drop the other's as stale. One builds
  // it while the other waits here, then finds it made. The copy is made under the same lock:
  // PostgreSQL refuses to copy a template another session is copying or connected to.
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    await buildPostgresTemplate(admin, adminUrl, template);
    await admin.query(`create database ${dbName} template ${template}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
  const settings = await admin.query<{ statement: string }>(
    `select format('alter role %I in database %I set %s = %L', r.rolname, $2::text, split_part(c, '=', 1), substr(c, strpos(c, '=') + 1)) as statement
       from pg_db_role_setting s
       join pg_roles r on r.oid = s.setrole
       cross join unnest(s.setconfig) as c
      where s.setdatabase = (select oid from pg_database where datname = $1)`,
    [template, dbName],
  );
  for (const { statement } of settings.rows) await admin.query(statement);
}

/** Builds the template database for today's schema unless it exists (the caller holds TEMPLATE_LOCK). */
async function buildPostgresTemplate(admin: pg.Client, adminUrl: string, template: string): Promise<void> {
  const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
  if (exists.rowCount !== 0) return;
  const building = `dossier_template_building_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${building}`);
  const config = loadConfig({ databaseUrl: withDatabase(adminUrl, building) });
  const db = await openDatabase(config);
  try {
    await prepareDatabase(db, config, () => undefined);
  } finally {
    await db.close();
  }
  const stale = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'dossier\\_template\\_%' and datname <> $1`, [building]);
  for (const { datname } of stale.rows) await admin.query(`drop database if exists ${datname} with (force)`);
  await admin.query(`alter database ${building} rename to ${template}`);
}
