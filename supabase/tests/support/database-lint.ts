import type { Queryable } from '../../../local-stack/src/db/types.js';

/**
 * Catalogue checks modelled on the lints of Supabase's database linter (splinter), written for
 * this repository (docs/decisions/0059-database-lint-without-vendoring-splinter.md). Each finding
 * has splinter's lint name and level; the platform test fails on any WARN or ERROR.
 */
export interface LintFinding {
  name: string;
  level: 'ERROR' | 'WARN' | 'INFO';
  object: string;
  detail: string;
}

/** Schemas the app owns (Supabase's own schemas are its business, as splinter skips them). */
const APP_SCHEMAS = ['public'];

/** Removes `( SELECT auth.uid() AS uid)` (how PostgreSQL prints `(select auth.uid())`) from a policy. */
function bareAuthCalls(expression: string | null): string[] {
  if (!expression) return [];
  const wrapped = expression.replace(/\(\s*select\s+(auth\.(uid|jwt|role|email)\(\)|current_setting\([^)]*\))(\s+as\s+\w+)?\s*\)/gi, '');
  return [...wrapped.matchAll(/\b(auth\.(uid|jwt|role|email)\(\)|current_setting\()/gi)].map((m) => m[1]);
}

/** `authenticatedDefinerAllowed`: schema.name of SECURITY DEFINER functions meant for signed-in users. */
export async function lintDatabase(q: Queryable, options: { authenticatedDefinerAllowed?: string[] } = {}): Promise<LintFinding[]> {
  const findings: LintFinding[] = [];
  const schemas = APP_SCHEMAS;

  // auth_rls_initplan: auth.<fn>() re-evaluated for every row instead of once per statement.
  const policies = await q.query<{ schemaname: string; tablename: string; policyname: string; qual: string | null; with_check: string | null }>(
    `select schemaname, tablename, policyname, qual, with_check from pg_policies where schemaname = any($1::text[]) or schemaname = 'storage'`,
    [schemas],
  );
  for (const p of policies.rows) {
    const bare = [...bareAuthCalls(p.qual), ...bareAuthCalls(p.with_check)];
    if (bare.length) findings.push({ name: 'auth_rls_initplan', level: 'WARN', object: `${p.schemaname}.${p.tablename} "${p.policyname}"`, detail: `calls ${bare[0]} per row; wrap it as (select ${bare[0]}${bare[0].endsWith('(') ? '…)' : ''})` });
  }

  // multiple_permissive_policies: two permissive policies for one role and action are both run.
  const multiple = await q.query<{ tbl: string; role: string; cmd: string; names: string[] }>(
    `select p.schemaname || '.' || p.tablename as tbl, r.role, c.cmd, array_agg(p.policyname order by p.policyname) as names
       from pg_policies p
       cross join lateral unnest(p.roles) as r(role)
       cross join lateral unnest(case when p.cmd = 'ALL' then array['SELECT','INSERT','UPDATE','DELETE'] else array[p.cmd] end) as c(cmd)
      where p.permissive = 'PERMISSIVE' and p.schemaname = any($1::text[])
      group by 1, 2, 3 having count(*) > 1`,
    [schemas],
  );
  for (const m of multiple.rows) findings.push({ name: 'multiple_permissive_policies', level: 'WARN', object: m.tbl, detail: `${m.role} ${m.cmd}: ${m.names.join(', ')}` });

  // rls_disabled_in_public and policy_exists_rls_disabled.
  const tables = await q.query<{ tbl: string; rls: boolean; policies: number }>(
    `select n.nspname || '.' || c.relname as tbl, c.relrowsecurity as rls,
            (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname = any($1::text[])`,
    [schemas],
  );
  for (const t of tables.rows) {
    if (!t.rls) findings.push({ name: t.policies > 0 ? 'policy_exists_rls_disabled' : 'rls_disabled_in_public', level: 'ERROR', object: t.tbl, detail: 'row level security is off' });
  }

  // security_definer_view: a view that runs with its owner's rights bypasses the caller's RLS.
  const views = await q.query<{ view: string }>(
    `select n.nspname || '.' || c.relname as view from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'v' and n.nspname = any($1::text[])
        and not coalesce(c.reloptions::text[] @> array['security_invoker=true'] or c.reloptions::text[] @> array['security_invoker=on'], false)`,
    [schemas],
  );
  for (const v of views.rows) findings.push({ name: 'security_definer_view', level: 'ERROR', object: v.view, detail: 'define it with (security_invoker = on)' });

  // Functions: mutable search_path; SECURITY DEFINER callable by anon / authenticated.
  const functions = await q.query<{ fn: string; definer: boolean; config: string[] | null; anon: boolean; authenticated: boolean; trigger: boolean }>(
    `select n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as fn,
            p.prosecdef as definer, p.proconfig as config,
            has_function_privilege('anon', p.oid, 'execute') as anon,
            has_function_privilege('authenticated', p.oid, 'execute') as authenticated,
            p.prorettype = 'trigger'::regtype as trigger
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1::text[]) and p.prokind in ('f', 'p')
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    [schemas],
  );
  const allowed = new Set(options.authenticatedDefinerAllowed ?? []);
  for (const f of functions.rows) {
    if (!(f.config ?? []).some((c) => c.startsWith('search_path='))) {
      findings.push({ name: 'function_search_path_mutable', level: 'WARN', object: f.fn, detail: 'set search_path = \'\' (or a fixed list) on the function' });
    }
    if (f.definer && f.anon) findings.push({ name: 'anon_security_definer_function_executable', level: 'WARN', object: f.fn, detail: 'revoke execute from anon (and public)' });
    if (f.definer && f.authenticated && (f.trigger || !allowed.has(f.fn.slice(0, f.fn.indexOf('('))))) {
      findings.push({ name: 'authenticated_security_definer_function_executable', level: 'WARN', object: f.fn, detail: f.trigger ? 'a trigger function is not API: revoke execute' : 'revoke execute, or justify it in an ADR' });
    }
  }

  // extension_in_public: extension objects in the API schema.
  const extensions = await q.query<{ extname: string }>(`select e.extname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`);
  for (const e of extensions.rows) findings.push({ name: 'extension_in_public', level: 'WARN', object: e.extname, detail: 'install it in the extensions schema' });

  // unindexed_foreign_keys (INFO): a foreign key with no index starting with its columns.
  const fks = await q.query<{ fk: string }>(
    `select c.conrelid::regclass::text || ' ' || c.conname as fk
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = any($1::text[])
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid
                          and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
                          and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] <@ c.conkey)`,
    [schemas],
  );
  for (const f of fks.rows) findings.push({ name: 'unindexed_foreign_keys', level: 'INFO', object: f.fk, detail: 'no index covers the foreign key' });

  // no_primary_key (INFO).
  const nopk = await q.query<{ tbl: string }>(
    `select n.nspname || '.' || c.relname as tbl from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = any($1::text[]) and not exists (select 1 from pg_constraint k where k.conrelid = c.oid and k.contype = 'p')`,
    [schemas],
  );
  for (const t of nopk.rows) findings.push({ name: 'no_primary_key', level: 'INFO', object: t.tbl, detail: 'no primary key' });

  return findings;
}
