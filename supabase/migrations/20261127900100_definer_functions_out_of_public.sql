-- Issue 25 §2: no SECURITY DEFINER function a signed-in caller can reach by accident (ADR 0311).
--
-- Supabase's guidance (and its linter, splinter 0028/0029): a SECURITY DEFINER function lives in a
-- schema the API does not expose; where the app calls it, a thin SECURITY INVOKER wrapper in
-- `public` keeps its name, arguments, result and grants. The wrapper first asserts that the
-- caller's session is live (migration 20261127900000): a definer function bypasses row level
-- security, so the live-session policies alone would not stop an ended session's token there.
--
-- Done by catalogue, not by hand, so that definer functions added by migrations merged before this
-- one are moved too; the database lint (local-stack/test/database-lint.test.ts) fails on any that
-- arrive later. Policies, triggers and other functions' compiled references follow the moved
-- function (they hold its oid); text references (`public.name(...)` in a PL/pgSQL body, the
-- scheduler's job commands) reach the wrapper.
--
-- Trigger functions are not API at all: moved when they are definers, and EXECUTE revoked from
-- the API roles for every trigger function (a trigger fires whatever the caller may execute).

do $$
declare
  f record;
  grantee record;
  call_args text;
  result_kind text;
begin
  for f in
    select p.oid, p.proname, p.proretset, p.prorettype, p.provolatile, p.proacl, p.provariadic, p.pronargs,
           pg_get_function_identity_arguments(p.oid) as identity_args,
           pg_get_function_arguments(p.oid) as args,
           pg_get_function_result(p.oid) as result
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and p.prosecdef
       and p.prokind = 'f'
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('alter function public.%I(%s) set schema private', f.proname, f.identity_args);

    if f.prorettype = 'trigger'::regtype then
      execute format('revoke execute on function private.%I(%s) from public, anon, authenticated', f.proname, f.identity_args);
      continue;
    end if;

    select string_agg(case when i = f.pronargs and f.provariadic <> 0 then 'variadic $' || i else '$' || i end, ', ' order by i)
      into call_args
      from generate_series(1, f.pronargs) as i;

    -- `select * from private.f(…) where private.assert_live_session()`: the condition has no
    -- column of the function in it, so PostgreSQL checks it once, before running the function.
    execute format(
      'create function public.%I(%s) returns %s language sql %s security invoker set search_path = '''' as $body$ select * from private.%I(%s) where private.assert_live_session() $body$',
      f.proname, f.args, f.result,
      case f.provolatile when 'v' then 'volatile' else 'stable' end,
      f.proname, coalesce(call_args, '')
    );

    -- The wrapper is executable by exactly who could execute the function before.
    execute format('revoke all on function public.%I(%s) from public, anon, authenticated, service_role', f.proname, f.identity_args);
    if f.proacl is null then
      execute format('grant execute on function public.%I(%s) to public', f.proname, f.identity_args);
    else
      for grantee in
        select distinct a.grantee from aclexplode(f.proacl) a where a.privilege_type = 'EXECUTE'
      loop
        execute format('grant execute on function public.%I(%s) to %s', f.proname, f.identity_args,
          case when grantee.grantee = 0 then 'public' else grantee.grantee::regrole::text end);
      end loop;
    end if;
  end loop;

  -- Every trigger function in the API schema: not executable by the API roles.
  for f in
    select p.proname, pg_get_function_identity_arguments(p.oid) as identity_args
      from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public'
       and p.prorettype = 'trigger'::regtype
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
  loop
    execute format('revoke execute on function public.%I(%s) from public, anon, authenticated', f.proname, f.identity_args);
  end loop;
end
$$;
