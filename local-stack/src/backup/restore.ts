/**
 * `npm run restore <archive>`: gives an instance back into an EMPTY target — a new data folder
 * (PGlite) or an empty PostgreSQL database, and an empty storage — from an archive of
 * createBackup. The schema is rebuilt by the migrations up to the archive's level, the rows are
 * loaded, then any newer migrations run; objects, uploads in progress and the installation keys
 * follow. Every file is checked against the manifest's checksums before anything is written.
 */
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from '../context.js';
import type { Queryable } from '../db/types.js';
import { keysFile } from '../installation-keys.js';
import { signingKeysFile } from '../auth/signing-keys.js';
import { applyBootstrap, applyMigrations, listMigrations } from '../migrations/runner.js';
import { bootstrapDir, openDatabase } from '../start.js';
import { createBackend } from '../storage/index.js';
import { createS3Backend } from '../storage/s3-backend.js';
import { listTables, loadTables, qualified, type TableEntry } from './database-dump.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_FILE, sha256File, type Manifest } from './manifest.js';
import { ArchiveFormatError, unpackArchive } from './tar.js';

/** A restore that would lose or mix data, refused before anything was changed. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

/** Tables whose rows belong to the target, not to the archive: its own migration records. */
const TARGET_OWNED = new Set(['supabase_migrations.schema_migrations']);

/** Reads and checks an unpacked archive: our format, complete, every checksum right. */
export async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    throw new ArchiveFormatError('the archive has no readable manifest.json: it is not a Dossier backup, or it was cut short');
  }
  if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveFormatError('the archive is not a Dossier backup (manifest format)');
  if (manifest.formatVersion > ARCHIVE_FORMAT_VERSION) {
    throw new RestoreRefusedError(`this archive was written by a newer Dossier (${manifest.dossierVersion}, archive format ${manifest.formatVersion}); upgrade Dossier, then restore`);
  }
  const files = [
    ...manifest.tables.map((t) => ({ file: t.file, sha256: t.sha256 })),
    ...manifest.objects.map((o) => ({ file: o.file, sha256: o.sha256 })),
    ...manifest.uploads.map((u) => ({ file: u.bytes, sha256: u.sha256 })),
    ...(manifest.keys ? [manifest.keys] : []),
    ...(manifest.signingKeys ? [manifest.signingKeys] : []),
  ];
  for (const f of files) {
    if (!existsSync(path.join(dir, f.file)) || (await sha256File(path.join(dir, f.file))) !== f.sha256) {
      throw new ArchiveFormatError(`the archive is damaged: ${f.file} is missing or its checksum does not match the manifest`);
    }
  }
  return manifest;
}

/** Refuses an archive whose migrations this checkout does not have (it was made by a newer Dossier). */
export function checkMigrationLevel(manifest: Manifest, migrationsDir: string): void {
  const known = new Set(listMigrations(migrationsDir).map((m) => m.version));
  const unknown = manifest.migrations.versions.filter((v) => !known.has(v));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(
      `this archive was made by a newer Dossier (${manifest.dossierVersion}, migration level ${manifest.migrations.level}); this one does not know migration ${unknown.join(', ')}. ` +
        'Upgrade Dossier (git pull, npm install, npm run build), then restore. Nothing was changed.',
    );
  }
}

const nonEmptyDir = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** What makes the target non-empty, or null when a restore may write into it. */
export async function targetInUse(config: StackConfig): Promise<string | null> {
  if (existsSync(keysFile(config.dataDir))) return `${keysFile(config.dataDir)} exists (the data folder belongs to an instance)`;
  if (existsSync(signingKeysFile(config.dataDir))) return `${signingKeysFile(config.dataDir)} exists (the data folder belongs to an instance)`;
  if (!config.databaseUrl && nonEmptyDir(path.join(config.dataDir, 'db'))) return `the database folder ${path.join(config.dataDir, 'db')} is not empty`;
  if (config.storage.kind === 'local' && nonEmptyDir(config.storage.root)) return `the storage folder ${config.storage.root} is not empty`;
  if (nonEmptyDir(path.join(config.dataDir, 'storage-tus'))) return `the uploads folder ${path.join(config.dataDir, 'storage-tus')} is not empty`;
  if (config.storage.kind === 's3') {
    const { ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const listed = await createS3Backend(config.storage).client.send(new ListObjectsV2Command({ Bucket: config.storage.bucket, MaxKeys: 1 }));
    if ((listed.KeyCount ?? 0) > 0) return `the bucket "${config.storage.bucket}" is not empty`;
  }
  if (config.databaseUrl) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: config.databaseUrl });
    await client.connect();
    try {
      const r = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%'`,
      );
      if (r.rows[0].n > 0) return `the database has ${r.rows[0].n} tables already`;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return null;
}

/** Checks that every restored table holds as many rows as the archive says, before the commit. */
async function verifyCounts(q: Queryable, tables: TableEntry[]): Promise<void> {
  for (const t of tables) {
    const r = await q.query<{ n: number }>(`select count(*)::int as n from ${qualified(t.schema, t.name)}`);
    if (r.rows[0].n !== t.rows) throw new Error(`restore: ${t.schema}.${t.name} has ${r.rows[0].n} rows after loading, the archive ${t.rows}; nothing was committed`);
  }
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations newer than the archive, applied after its rows were loaded. */
  migrated: string[];
}

/**
 * Restores `archive` into the target `config` names (dataDir, databaseUrl, storage). The target
 * must be empty; the stack must not be running on it.
 */
export async function restoreBackup(archive: string, config: StackConfig, log: (line: string) => void = () => undefined): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new RestoreRefusedError(`no archive at ${archive}`);
  const inUse = await targetInUse(config);
  if (inUse) {
    throw new RestoreRefusedError(`restore refused: the target is not empty — ${inUse}. Restore into a new data folder (STACK_DATA_DIR) and an empty database (DATABASE_URL); nothing was changed.`);
  }
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  const work = await mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    await unpackArchive(archive, work);
    const manifest = await readManifest(work);
    const migrationsDir = path.join(config.supabaseDir, 'migrations');
    checkMigrationLevel(manifest, migrationsDir);
    log(`restore: archive of ${manifest.snapshotAt} (${manifest.database}, Dossier ${manifest.dossierVersion}, migration level ${manifest.migrations.level})`);

    if (manifest.keys) {
      await copyFile(path.join(work, manifest.keys.file), keysFile(config.dataDir));
      await chmod(keysFile(config.dataDir), 0o600);
    }
    // The same session signing keys: everyone's sessions outlive the move.
    if (manifest.signingKeys) {
      await copyFile(path.join(work, manifest.signingKeys.file), signingKeysFile(config.dataDir));
      await chmod(signingKeysFile(config.dataDir), 0o600);
    }
    const db = await openDatabase(config);
    let migrated: string[] = [];
    try {
      await applyBootstrap(db, bootstrapDir());
      if (manifest.migrations.level) await applyMigrations(db, migrationsDir, manifest.migrations.level);
      const tables = manifest.tables.filter((t) => !TARGET_OWNED.has(`${t.schema}.${t.name}`));
      await db.admin(async (q) => {
        const present = new Set((await listTables(q)).map((t) => `${t.schema}.${t.name}`));
        const absent = tables.filter((t) => !present.has(`${t.schema}.${t.name}`));
        if (absent.length > 0) throw new Error(`restore: the migrations did not create ${absent.map((t) => `${t.schema}.${t.name}`).join(', ')}`);
        await loadTables(q, work, tables, manifest.sequences);
        await verifyCounts(q, tables);
      });
      migrated = (await applyMigrations(db, migrationsDir)).map((m) => m.version);
      for (const v of migrated) log(`restore: migration applied after loading: ${v}`);
    } finally {
      await db.close();
    }

    const backend = createBackend(config);
    for (const o of manifest.objects) {
      const file = path.join(work, o.file);
      if (backend.adopt) await backend.adopt(o.key, file);
      else await backend.put(o.key, await readFile(file), 'application/octet-stream');
    }
    if (manifest.uploads.length > 0) {
      const tus = path.join(config.dataDir, 'storage-tus');
      await mkdir(tus, { recursive: true, mode: 0o700 });
      for (const u of manifest.uploads) {
        await copyFile(path.join(work, u.bytes), path.join(tus, `${u.version}.bin`));
        await copyFile(path.join(work, u.info), path.join(tus, `${u.version}.json`));
      }
    }
    if (manifest.counts.objectsMissing.length > 0) log(`restore: ${manifest.counts.objectsMissing.length} object(s) were already missing when the backup was made`);
    await writeFile(path.join(config.dataDir, 'restored-from.json'), `${JSON.stringify({ archive: path.resolve(archive), snapshotAt: manifest.snapshotAt, restoredAt: new Date().toISOString() })}\n`, { mode: 0o600 });
    log(`restore: ${manifest.tables.length} tables, ${manifest.objects.length} objects, ${manifest.uploads.length} uploads in progress restored`);
    return { manifest, migrated };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The files of an unpacked archive directory (for tests and the move to hosted Supabase). */
export async function unpackAndRead(archive: string, into: string): Promise<Manifest> {
  await unpackArchive(archive, into);
  return readManifest(into);
}

