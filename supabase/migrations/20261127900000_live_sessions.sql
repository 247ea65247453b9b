-- Issue 25 §1: signed out means signed out (ADR 0310).
--
-- An access token is a signed JWT that stays valid until it expires (up to an hour). On a stock
-- Supabase project it keeps reading the person's rows and files after "Sign out on every device",
-- a password change, a ban or the account's deletion. Here every row-level-security table (and
-- Storage's objects) gets one RESTRICTIVE policy for `authenticated`: the token's `session_id`
-- must name a live session of the token's user, who is neither banned nor deleted. The check is a
-- STABLE function called as `(select private.session_is_live())`, an initPlan: one indexed lookup
-- per statement, not per row. Tokens without a session (the service role, the anon key, the
-- product's own functions) are not `authenticated` or carry no session_id and keep working.
--
-- `private` is a schema the API does not expose (supabase/config.toml [api] schemas = public).

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- SECURITY DEFINER: auth.sessions and auth.users are not readable by the browser roles.
create or replace function private.session_is_live()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with token as (
    select nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'session_id' as session_id
  )
  select case
    when token.session_id is null then true
    -- A malformed session_id is a token we did not mint: refuse rather than fail with 22P02.
    when token.session_id !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then false
    else exists (
      select 1
        from auth.sessions s
        join auth.users u on u.id = s.user_id
       where s.id = token.session_id::uuid
         and s.user_id = auth.uid()
         and (s.not_after is null or s.not_after > now())
         and (u.banned_until is null or u.banned_until <= now())
         and u.deleted_at is null
    )
  end
  from token
$$;
revoke all on function private.session_is_live() from public;
grant execute on function private.session_is_live() to anon, authenticated, service_role;

-- For functions (their SECURITY INVOKER wrappers, migration 20261127900100): an ended session is
-- PostgREST's 401, with a sentence a person understands, instead of an answer.
create or replace function private.assert_live_session()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.session_is_live() then
    raise exception 'Your session has ended. Sign in again.'
      using errcode = 'PT401', hint = 'The session of this access token was signed out, or the account was banned or deleted.';
  end if;
  return true;
end
$$;
revoke all on function private.assert_live_session() from public;
grant execute on function private.assert_live_session() to anon, authenticated, service_role;

-- The binding, on every table with row level security in the API schema and in Storage.
-- Re-runnable: a table that already has it is skipped. local-stack/test/live-sessions.test.ts
-- fails when a table merged later has RLS without it; add it with private.bind_live_session().
create or replace function private.bind_live_session(target regclass)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from pg_policy where polrelid = target and polname = 'live session') then
    execute format(
      'create policy "live session" on %s as restrictive for all to authenticated using ((select private.session_is_live())) with check ((select private.session_is_live()))',
      target
    );
  end if;
end
$$;
revoke all on function private.bind_live_session(regclass) from public, anon, authenticated, service_role;

do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p')
       and c.relrowsecurity
       -- Storage's own bookkeeping tables belong to its service; objects and buckets are ours to guard.
       and (n.nspname = 'public' or (n.nspname = 'storage' and c.relname in ('objects', 'buckets')))
  loop
    perform private.bind_live_session(t);
  end loop;
end
$$;
