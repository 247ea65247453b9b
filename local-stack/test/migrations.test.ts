import path from 'node:path';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import { databasesSync, withStack } from './support/test-stack';
import { applyMigrations, listMigrations } from '../src/migrations/runner';
import type { ManagedDatabase } from '../src/db/request-settings';

describe.each(databasesSync())('migrations and bootstrap on %s', (database) => {
  const stack = withStack(database);

  it('records every repository migration once, as the Supabase CLI does', async () => {
    const files = listMigrations(path.join(stack().config.supabaseDir, 'migrations'));
    const { rows } = await stack().db.admin((q) =>
      q.query<{ version: string; name: string; statements: string[] }>('select version, name, statements from supabase_migrations.schema_migrations order by version'),
    );
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.version));
    expect(rows[0].name).toBe('user_document_categories');
    expect(rows[0].statements[0]).toContain('create table if not exists public.user_document_categories');
  });

  it('applies a new migration once, and a re-run is a no-op', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-migrations-'));
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, '29990101000000_counter.sql'), 'create table public.migration_probe (n int); insert into public.migration_probe values (1);');
      const db = stack().db as ManagedDatabase;
      const first = await applyMigrations(db, dir);
      const second = await applyMigrations(db, dir);
      expect(first.map((m) => m.version)).toEqual(['29990101000000']);
      expect(second).toEqual([]);
      const { rows } = await db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from public.migration_probe'));
      expect(rows[0].n).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a failing migration together with its record', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-migrations-'));
    try {
      writeFileSync(path.join(dir, '29990202000000_broken.sql'), 'create table public.half_done (n int); select no_such_function();');
      await expect(applyMigrations(stack().db as ManagedDatabase, dir)).rejects.toThrow(/29990202000000_broken\.sql/);
      const { rows } = await stack().db.admin((q) =>
        q.query<{ t: string | null; v: number }>(
          "select to_regclass('public.half_done')::text as t, (select count(*)::int from supabase_migrations.schema_migrations where version = '29990202000000') as v",
        ),
      );
      expect(rows[0]).toEqual({ t: null, v: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('sets up the API roles and auth helpers as Supabase does', async () => {
    const sub = '11111111-1111-4111-8111-111111111111';
    const claims = { sub, role: 'authenticated', email: 'a@example.com' };
    const row = await stack().db.withRequest({ role: 'authenticated', claims }, async (q) => {
      const r = await q.query<Record<string, unknown>>(
        "select current_user::text as who, auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'email' as jwt_email",
      );
      return r.rows[0];
    });
    expect(row).toEqual({ who: 'authenticated', uid: sub, role: 'authenticated', email: 'a@example.com', jwt_email: 'a@example.com' });
    const roles = await stack().db.admin((q) =>
      q.query<{ rolname: string; rolbypassrls: boolean }>("select rolname, rolbypassrls from pg_roles where rolname in ('anon','authenticated','service_role') order by rolname"),
    );
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false },
      { rolname: 'authenticated', rolbypassrls: false },
      { rolname: 'service_role', rolbypassrls: true },
    ]);
  });

  it("provides Supabase's pre-installed extensions in the extensions schema", async () => {
    const r = await stack().db.withRequest({ role: 'authenticated', claims: { role: 'authenticated' } }, (q) =>
      q.query<{ v4: boolean; bytes: number }>('select extensions.uuid_generate_v4() is not null as v4, length(extensions.gen_random_bytes(8)) as bytes'),
    );
    expect(r.rows[0]).toEqual({ v4: true, bytes: 8 });
    await stack().runScript('create extension if not exists pg_trgm with schema extensions; create extension if not exists unaccent with schema extensions;');
    const t = await stack().db.admin((q) => q.query<{ u: string }>("select extensions.unaccent('Café') as u"));
    expect(t.rows[0].u).toBe('Cafe');
  });

  it('passes hostile header values through request.headers verbatim (no SQL injection)', async () => {
    const hostile = "it's a \\ test'); drop table public.default_document_categories; --";
    const got = await stack().db.withRequest(
      { role: 'anon', claims: { role: 'anon', note: "o'clock \\" }, headers: { 'x-probe': hostile }, method: 'GET', path: "/rest/v1/x'y" },
      (q) =>
        q.query<{ h: string; c: string; p: string }>(
          "select current_setting('request.headers')::json ->> 'x-probe' as h, auth.jwt() ->> 'note' as c, current_setting('request.path') as p",
        ),
    );
    expect(got.rows[0]).toEqual({ h: hostile, c: "o'clock \\", p: "/rest/v1/x'y" });
    const still = await stack().db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from public.default_document_categories'));
    expect(still.rows[0].n).toBe(20);
  });

  it('does not leak the request role or claims to the next transaction', async () => {
    await stack().db.withRequest({ role: 'anon', claims: { role: 'anon' } }, async () => undefined);
    const r = await stack().db.admin((q) => q.query<{ who: string; uid: string | null }>('select current_user::text as who, auth.uid()::text as uid'));
    expect(r.rows[0].uid).toBeNull();
    expect(r.rows[0].who).not.toBe('anon');
  });

  it('rolls back a request transaction that throws', async () => {
    await expect(
      stack().db.admin(async (q) => {
        await q.query("insert into public.default_document_categories (name, description, sort_order) values ('Temp', 'x', 99)");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const r = await stack().db.admin((q) => q.query<{ n: number }>("select count(*)::int as n from public.default_document_categories where name = 'Temp'"));
    expect(r.rows[0].n).toBe(0);
  });
});
