import { lintDatabase } from './support/database-lint';
import { runSplinter } from './support/splinter';
import { databasesSync, withStack } from '../../local-stack/test/support/test-stack';

// Issue #10 §4: the database lint (splinter's checks, written here: ADR 0059) over every migration.
// Issue 25 §2 (ADRs 0311, 0313): and Supabase's linter itself (splinter, vendored). Both fail on any
// WARN or ERROR; INFO findings are printed. No SECURITY DEFINER function is left in the API schema
// (they live in `private` behind SECURITY INVOKER wrappers), so no allow-list is needed.

// A fresh PGlite stack takes long on a busy machine.
jest.setTimeout(300_000);

describe.each(databasesSync())('database lint on %s', (database) => {
  const stack = withStack(database);

  it('finds no WARN or ERROR after all migrations', async () => {
    const findings = await stack().db.admin((q) => lintDatabase(q));
    const info = findings.filter((f) => f.level === 'INFO');
    if (info.length) console.log(`database lint (${database}), INFO:\n${info.map((f) => `  ${f.name} ${f.object}: ${f.detail}`).join('\n')}`);
    expect(findings.filter((f) => f.level !== 'INFO')).toEqual([]);
  });

  it("Supabase's linter (splinter) finds no WARN or ERROR after all migrations", async () => {
    const findings = await stack().db.admin((q) => runSplinter(q, stack().config.supabaseDir));
    const info = findings.filter((f) => f.level === 'INFO');
    if (info.length) console.log(`splinter (${database}), INFO: ${[...new Set(info.map((f) => f.name))].map((n) => `${n} ×${info.filter((f) => f.name === n).length}`).join(', ')}`);
    expect(findings.filter((f) => f.level !== 'INFO').map((f) => `${f.level} ${f.name}: ${f.detail}`)).toEqual([]);
  });

  it('catches what it is meant to catch', async () => {
    await stack().runScript(`create table public.lint_probe (id int primary key, owner uuid);
      alter table public.lint_probe enable row level security;
      create policy "lint probe" on public.lint_probe for select to authenticated using (owner = auth.uid());
      create function public.lint_probe_fn() returns int language sql security definer as $$ select 1 $$;`);
    try {
      const names = (await stack().db.admin((q) => lintDatabase(q))).map((f) => f.name);
      expect(names).toEqual(expect.arrayContaining(['auth_rls_initplan', 'function_search_path_mutable', 'anon_security_definer_function_executable']));
      const splinter = (await stack().db.admin((q) => runSplinter(q, stack().config.supabaseDir))).map((f) => f.name);
      expect(splinter).toEqual(
        expect.arrayContaining(['auth_rls_initplan', 'function_search_path_mutable', 'anon_security_definer_function_executable', 'authenticated_security_definer_function_executable']),
      );
    } finally {
      await stack().runScript(`drop table public.lint_probe; drop function public.lint_probe_fn();`);
    }
  });
});
