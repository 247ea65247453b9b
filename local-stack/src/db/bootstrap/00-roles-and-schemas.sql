-- What every hosted Supabase database already has before the project's first migration:
-- the API roles, the schemas the platform services own, and default privileges that hand table
-- access to the API roles so that Row Level Security, not grants, decides who sees which row.
-- Applied on every start; every statement is idempotent.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The role PostgREST logs in as on Supabase; it may only switch to the three API roles.
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit nologin;
  end if;
exception
  -- Roles are cluster-wide: another database on the same server may have created them meanwhile.
  when duplicate_object or unique_violation then null;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- The connecting user must be able to `SET ROLE` to each API role (a no-op for a superuser).
do $$
begin
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;
create schema if not exists supabase_migrations;

-- Pre-installed on hosted Supabase, in the `extensions` schema.
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

-- As on Supabase: whatever a migration creates in public is reachable by the API roles, and RLS
-- (enabled per table by the migration) restricts rows. These apply to objects created later by
-- the role that runs the migrations, i.e. the current user.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
-- Deliberately no `grant … on all tables`: this file runs on every start and must never undo a
-- migration's revoke.

-- How the Supabase CLI records applied migrations.
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
