import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listMigrations } from '../src/migrations/runner';
import { findRepoRoot } from '../src/config';
import { schemaFingerprint } from './support/database-templates';
import { databasesSync, withStack } from './support/test-stack';

// Test stacks start from a copy of a database migrated once (support/database-templates.ts).
// A copy must be the same database a fresh start makes: every migration recorded, and on
// PostgreSQL the per-database role settings that CREATE DATABASE … TEMPLATE does not copy.

jest.setTimeout(180_000);

const migrations = listMigrations(path.join(findRepoRoot(), 'supabase', 'migrations'));

describe.each(databasesSync())('a test stack started from the migrated template on %s', (database) => {
  const stack = withStack(database);

  it('has every migration of the repository recorded once', async () => {
    const recorded = await stack().db.admin((q) => q.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version'));
    expect(recorded.rows.map((row) => row.version)).toEqual(migrations.map((m) => m.version));
  });

  it("keeps the migrations' per-database role settings (PostgREST aggregates stay on)", async () => {
    const settings = await stack().db.admin((q) =>
      q.query<{ rolname: string; setting: string }>(
        `select r.rolname, c as setting
           from pg_db_role_setting s join pg_roles r on r.oid = s.setrole cross join unnest(s.setconfig) as c
          where s.setdatabase = (select oid from pg_database where datname = current_database())`,
      ),
    );
    expect(settings.rows).toContainEqual({ rolname: 'authenticator', setting: 'pgrst.db_aggregates_enabled=true' });
  });

});

describe('the template fingerprint', () => {
  it('is the same for the same schema and changes when one migration changes', () => {
    const root = findRepoRoot();
    const copy = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-'));
    try {
      for (const dir of ['local-stack/src/db/bootstrap', 'supabase/migrations', 'local-stack/src/migrations']) {
        cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
      }
      cpSync(path.join(root, 'supabase/seed.sql'), path.join(copy, 'supabase/seed.sql'));
      cpSync(path.join(root, 'node_modules/@electric-sql/pglite/package.json'), path.join(copy, 'node_modules/@electric-sql/pglite/package.json'));
      expect(schemaFingerprint(copy)).toBe(schemaFingerprint(root));

      const changed = mkdtempSync(path.join(os.tmpdir(), 'fingerprint-changed-'));
      cpSync(copy, changed, { recursive: true });
      const last = migrations[migrations.length - 1];
      const file = path.join(changed, 'supabase/migrations', `${last.version}_${last.name}.sql`);
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- one more line\n`);
      expect(schemaFingerprint(changed)).not.toBe(schemaFingerprint(root));
      rmSync(changed, { recursive: true, force: true });
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
