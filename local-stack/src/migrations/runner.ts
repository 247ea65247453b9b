import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManagedDatabase } from '../db/request-settings.js';

export interface MigrationFile {
  /** The timestamp prefix, as the Supabase CLI records it. */
  version: string;
  /** The rest of the file name without `.sql`. */
  name: string;
  file: string;
}

/** `<version>_<name>.sql` files of a migrations folder, in version order (as the CLI orders them). */
export function listMigrations(dir: string): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => {
      const [, version, name] = /^(\d+)_(.+)\.sql$/.exec(f)!;
      return { version, name, file: path.join(dir, f) };
    })
    .sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
}

/**
 * Applies the platform's bootstrap SQL (what hosted Supabase already has). Every file is
 * written to be idempotent and runs on every start, in file-name order, each in a transaction.
 */
export async function applyBootstrap(db: ManagedDatabase, dir: string): Promise<string[]> {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sql')).sort() : [];
  for (const f of files) {
    try {
      await db.runScript(readFileSync(path.join(dir, f), 'utf8'));
    } catch (e) {
      throw new Error(`bootstrap ${f} failed: ${(e as Error).message}`, { cause: e });
    }
  }
  return files;
}

/**
 * Applies `supabase/migrations` that are not yet recorded in
 * supabase_migrations.schema_migrations, in order, each once and in its own transaction together
 * with its record — a failing migration leaves neither its changes nor its record behind.
 * Returns the versions applied by this call (empty when up to date). `upTo` stops after that
 * version (a restore first rebuilds the schema its archive was taken at).
 */
export async function applyMigrations(db: ManagedDatabase, dir: string, upTo?: string): Promise<MigrationFile[]> {
  const done = await db.admin((q) => q.query<{ version: string }>('select version from supabase_migrations.schema_migrations'));
  const applied = new Set(done.rows.map((r) => r.version));
  const ran: MigrationFile[] = [];
  for (const m of listMigrations(dir)) {
    if (upTo !== undefined && m.version > upTo) break;
    if (applied.has(m.version)) continue;
    const sql = readFileSync(m.file, 'utf8');
    try {
      await db.runScript(sql, async (q) => {
        // The CLI stores the statements it ran; we keep the file's text as one statement.
        await q.query('insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)', [
          m.version,
          [sql],
          m.name,
        ]);
      });
    } catch (e) {
      throw new Error(`migration ${path.basename(m.file)} failed: ${(e as Error).message}`, { cause: e });
    }
    ran.push(m);
  }
  return ran;
}
