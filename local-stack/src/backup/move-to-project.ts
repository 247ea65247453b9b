/**
 * `npm run restore -- --into-project <archive>`: moves an instance from a backup archive into a
 * Supabase project whose schema `supabase db push` already built (docs/deploy.md). Rows go in
 * through the project's database connection (SUPABASE_DB_URL), stored files through its Storage
 * API with the service_role key, as on any hosted project: its storage keeps bytes where only
 * its API can put them. What cannot move is said: sessions (the project signs with its own JWT
 * secret: people sign in again, with the same passwords) and uploads still in progress.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import type { Queryable } from '../db/types.js';
import { listTables, loadTables, tableExists } from './database-dump.js';
import type { Manifest } from './manifest.js';
import { checkMigrationLevel, readManifest, RestoreRefusedError } from './restore.js';
import { unpackArchive } from './tar.js';

export interface ProjectTarget {
  /** The project's API URL (https://<ref>.supabase.co). */
  url: string;
  serviceRoleKey: string;
  /** The project's PostgreSQL connection string (Project Settings → Database). */
  databaseUrl: string;
  migrationsDir: string;
}

/**
 * Not moved: the migration records (the project has its own, from `supabase db push`), the
 * session state signed with the old secret, and storage (moved through the Storage API).
 */
const NOT_MOVED = new Set([
  'supabase_migrations.schema_migrations',
  'auth.sessions',
  'auth.refresh_tokens',
  'auth.mfa_amr_claims',
  'auth.flow_state',
  'auth.one_time_tokens',
  'auth.mfa_challenges',
  'auth.audit_log_entries',
  'auth.schema_migrations',
]);

async function withClient<T>(databaseUrl: string, fn: (q: Queryable, client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const q: Queryable = {
    query: async (sql, params) => {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.rowCount ?? 0 };
    },
  };
  try {
    return await fn(q, client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface ObjectRow {
  bucket_id: string;
  name: string;
  version: string;
  owner_id: string | null;
  metadata: { mimetype?: string } | null;
  user_metadata: Record<string, unknown> | null;
  created_at: string;
}

async function archivedObjectRows(dir: string, manifest: Manifest): Promise<Map<string, ObjectRow>> {
  const table = manifest.tables.find((t) => t.schema === 'storage' && t.name === 'objects');
  const rows = new Map<string, ObjectRow>();
  if (!table) return rows;
  for await (const line of createInterface({ input: createReadStream(path.join(dir, table.file)), crlfDelay: Infinity })) {
    if (!line) continue;
    const row = JSON.parse(line) as ObjectRow;
    if (row.version) rows.set(`${row.bucket_id}/${row.name}/${row.version}`, row);
  }
  return rows;
}

export async function moveToProject(archive: string, target: ProjectTarget, log: (line: string) => void = () => undefined): Promise<{ manifest: Manifest; objects: number; skippedUploads: number }> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'dossier-move-'));
  try {
    await unpackArchive(archive, work);
    const manifest = await readManifest(work);
    checkMigrationLevel(manifest, target.migrationsDir);
    await withClient(target.databaseUrl, async (q, client) => {
      const applied = new Set((await q.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version));
      const missing = manifest.migrations.versions.filter((v) => !applied.has(v));
      if (missing.length > 0) throw new RestoreRefusedError(`the project lacks migration ${missing.join(', ')}: run \`supabase db push\` from this checkout first; nothing was changed`);
      const people = await q.query<{ n: number }>('select count(*)::int as n from auth.users');
      if (people.rows[0].n > 0) throw new RestoreRefusedError(`the project already has ${people.rows[0].n} people: moving into a project in use is refused (it would mix two instances); nothing was changed`);
      const present = new Set((await listTables(q)).map((t) => `${t.schema}.${t.name}`));
      const tables = manifest.tables.filter((t) => t.schema !== 'storage' && !NOT_MOVED.has(`${t.schema}.${t.name}`) && present.has(`${t.schema}.${t.name}`));
      const sequences = [];
      for (const s of manifest.sequences) if (await tableExists(q, s.schema, s.name)) sequences.push(s);
      await client.query('begin');
      try {
        await loadTables(q, work, tables, sequences);
        await client.query('commit');
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      }
      log(`move: ${tables.length} tables loaded`);
    });

    // Stored files through the project's Storage API; then the rows get back their owner and dates.
    const rows = await archivedObjectRows(work, manifest);
    for (const o of manifest.objects) {
      const row = rows.get(o.key);
      if (!row) continue;
      const res = await fetch(`${target.url}/storage/v1/object/${encodeURIComponent(row.bucket_id)}/${row.name.split('/').map(encodeURIComponent).join('/')}`, {
        method: 'POST',
        headers: { apikey: target.serviceRoleKey, Authorization: `Bearer ${target.serviceRoleKey}`, 'Content-Type': row.metadata?.mimetype ?? 'application/octet-stream', 'x-upsert': 'true' },
        body: new Uint8Array(await readFile(path.join(work, o.file))),
      });
      if (!res.ok) throw new Error(`move: the project refused ${row.bucket_id}/${row.name} (${res.status}): ${await res.text()}`);
    }
    await withClient(target.databaseUrl, (q) =>
      q.query(
        `update storage.objects o set owner = a.owner_id, owner_id = a.owner_id::text, user_metadata = a.user_metadata, created_at = a.created_at
           from jsonb_to_recordset($1::jsonb) as a(bucket_id text, name text, owner_id uuid, user_metadata jsonb, created_at timestamptz)
          where o.bucket_id = a.bucket_id and o.name = a.name`,
        [JSON.stringify([...rows.values()])],
      ),
    );
    log(`move: ${manifest.objects.length} stored files uploaded; ${manifest.uploads.length} upload(s) in progress not moved (people send them again); everyone signs in again with the same password`);
    return { manifest, objects: manifest.objects.length, skippedUploads: manifest.uploads.length };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
