/**
 * `npm run backup`: one .tar.gz of a whole instance — database, stored objects, uploads in
 * progress, installation keys and a manifest — consistent while people keep working.
 *
 * Order (ADR 0320): uploads in progress first, then ONE database snapshot, then the objects the
 * snapshot names. Object bytes are written before their row commits and never change per version
 * (ADR 0197), so every row in the snapshot has its bytes; deletions are held back while the
 * objects are copied, so none of them disappears under the copy. An upload completed between the
 * first two steps is in the archive twice (as a part and as an object), never zero times.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';
import type { StackConfig } from '../context.js';
import type { Database, Queryable } from '../db/types.js';
import { findRepoRoot } from '../config.js';
import { keysFile } from '../installation-keys.js';
import { signingKeysFile } from '../auth/signing-keys.js';
import type { StorageBackend } from '../storage/backend.js';
import { objectKey } from '../storage/backend.js';
import { dumpTables } from './database-dump.js';
import { holdDeletions } from './deletion-hold.js';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_FILE, sha256File, type Manifest, type ObjectEntry, type TusEntry } from './manifest.js';
import { packFolder } from './tar.js';

export interface BackupSource {
  config: StackConfig;
  db: Database;
  backend: StorageBackend;
  log?: (line: string) => void;
}

export function dossierVersion(): string {
  return (JSON.parse(readFileSync(path.join(findRepoRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}

/** A file name that sorts by time: dossier-backup-2026-11-27T12-00-00-000Z.tar.gz */
export function archiveName(at = new Date()): string {
  return `dossier-backup-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/**
 * Runs `fn` in one snapshot of the database: PostgreSQL gets its own REPEATABLE READ, READ ONLY
 * transaction (what pg_dump does); PGlite has one connection, so its transaction is the snapshot
 * (writers wait for the dump, none is lost).
 */
async function inSnapshot<T>(source: BackupSource, fn: (q: Queryable) => Promise<T>): Promise<T> {
  if (!source.config.databaseUrl) return source.db.admin(fn);
  const client = new pg.Client({ connectionString: source.config.databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    const q: Queryable = {
      query: async (sql, params) => {
        const r = await client.query(sql, params as unknown[]);
        return { rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? 0 };
      },
    };
    const result = await fn(q);
    await client.query('commit');
    return result;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function copyUploadsInProgress(dataDir: string, stage: string): Promise<TusEntry[]> {
  const dir = path.join(dataDir, 'storage-tus');
  if (!existsSync(dir)) return [];
  const uploads: TusEntry[] = [];
  await mkdir(path.join(stage, 'uploads'), { recursive: true });
  for (const name of (await readdir(dir)).filter((n) => /^[0-9a-f-]{36}\.json$/.test(n)).sort()) {
    const version = name.slice(0, -'.json'.length);
    const info = `uploads/${version}.json`;
    const bytes = `uploads/${version}.bin`;
    try {
      // The info first: a part without it cannot be resumed; bytes are appended only, so any
      // copy of them is a prefix of what the person sent, and HEAD answers its length.
      await copyFile(path.join(dir, name), path.join(stage, info));
      await copyFile(path.join(dir, `${version}.bin`), path.join(stage, bytes));
    } catch (e) {
      // Completed or terminated while we looked: it is an object now, or nothing.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        await rm(path.join(stage, info), { force: true });
        await rm(path.join(stage, bytes), { force: true });
        continue;
      }
      throw e;
    }
    const size = (await readFile(path.join(stage, bytes))).length;
    uploads.push({ version, info, bytes, size, sha256: await sha256File(path.join(stage, bytes)) });
  }
  return uploads;
}

async function copyObject(backend: StorageBackend, key: string, target: string): Promise<{ size: number; sha256: string } | null> {
  const stream = await backend.get(key);
  if (!stream) return null;
  const hash = createHash('sha256');
  let size = 0;
  const chunks = Readable.fromWeb(stream as import('node:stream/web').ReadableStream<Uint8Array>);
  const out = createWriteStream(target, { mode: 0o600 });
  for await (const chunk of chunks) {
    const b = chunk as Buffer;
    hash.update(b);
    size += b.length;
    if (!out.write(b)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  return { size, sha256: hash.digest('hex') };
}

/**
 * Writes the archive into `outDir` (created 0700) and returns its path and manifest. The archive
 * appears under its final name only when complete (written as `.partial`, fsynced, renamed).
 */
export async function createBackup(source: BackupSource, outDir: string): Promise<{ file: string; manifest: Manifest }> {
  const log = source.log ?? (() => undefined);
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(path.join(outDir, '.backup-'));
  const release = holdDeletions(source.config);
  let partial: string | undefined;
  try {
    await mkdir(path.join(stage, 'database'), { recursive: true });
    await mkdir(path.join(stage, 'objects'), { recursive: true });
    const uploads = await copyUploadsInProgress(source.config.dataDir, stage);
    const snapshotAt = new Date().toISOString();
    const snap = await inSnapshot(source, async (q) => {
      const dumped = await dumpTables(q, stage);
      const migrations = await q.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version');
      const objects = await q.query<{ bucket_id: string; name: string; version: string }>(
        'select bucket_id, name, version from storage.objects where version is not null order by bucket_id, name',
      );
      return { ...dumped, versions: migrations.rows.map((r) => r.version), objects: objects.rows };
    });
    log(`backup: database snapshot ${snapshotAt}: ${snap.tables.length} tables, ${snap.objects.length} objects to copy`);
    const objects: ObjectEntry[] = [];
    const missing: string[] = [];
    for (const [i, o] of snap.objects.entries()) {
      const key = objectKey(o.bucket_id, o.name, o.version);
      const file = `objects/${String(i).padStart(6, '0')}`;
      const copied = await copyObject(source.backend, key, path.join(stage, file));
      if (!copied) {
        // Not caused by the backup (deletions are held): the instance already lacked these bytes.
        missing.push(key);
        log(`backup: WARNING: the stored bytes of ${key} are missing from storage; its row is kept`);
        continue;
      }
      objects.push({ key, file, ...copied });
    }
    await release();
    let keys: Manifest['keys'] = null;
    if (!source.config.demoKeys && existsSync(keysFile(source.config.dataDir))) {
      await copyFile(keysFile(source.config.dataDir), path.join(stage, 'keys.json'));
      keys = { file: 'keys.json', sha256: await sha256File(path.join(stage, 'keys.json')) };
    }
    let signingKeys: Manifest['signingKeys'] = null;
    if (!source.config.demoKeys && existsSync(signingKeysFile(source.config.dataDir))) {
      await copyFile(signingKeysFile(source.config.dataDir), path.join(stage, 'signing-keys.json'));
      signingKeys = { file: 'signing-keys.json', sha256: await sha256File(path.join(stage, 'signing-keys.json')) };
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      dossierVersion: dossierVersion(),
      snapshotAt,
      finishedAt: new Date().toISOString(),
      database: source.db.kind,
      migrations: { level: snap.versions.at(-1) ?? null, versions: snap.versions },
      counts: {
        tables: Object.fromEntries(snap.tables.map((t) => [`${t.schema}.${t.name}`, t.rows])),
        objects: objects.length,
        objectBytes: objects.reduce((n, o) => n + o.size, 0),
        objectsMissing: missing,
        uploadsInProgress: uploads.length,
      },
      tables: snap.tables,
      sequences: snap.sequences,
      objects,
      uploads,
      keys,
      signingKeys,
    };
    await writeFile(path.join(stage, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const file = path.join(outDir, archiveName(new Date(snapshotAt)));
    partial = `${file}.partial`;
    await packFolder(stage, partial, [MANIFEST_FILE]);
    await rename(partial, file);
    partial = undefined;
    log(`backup: wrote ${file} (${objects.length} objects, ${uploads.length} uploads in progress, migration level ${manifest.migrations.level})`);
    return { file, manifest };
  } finally {
    await release();
    await rm(stage, { recursive: true, force: true });
    if (partial) await rm(partial, { force: true });
  }
}
