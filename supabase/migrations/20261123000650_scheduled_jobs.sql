-- Scheduled jobs (issue 14, ADR 0095): trash purge, account deletion, orphan sweep, mail queue and
-- the queue of storage objects to remove. The jobs are plain SQL functions in the `jobs` schema
-- (not exposed through the REST API): pg_cron calls them on hosted Supabase; the local stack's
-- scheduler calls the same functions on its own clock. Every job takes the moment it runs "at"
-- as a parameter (default now()), so tests move time forward without touching the clock, and
-- takes a transaction-scoped advisory lock, so two schedulers never run the same job at once.
-- Runs unchanged where pg_cron is absent (the cron.schedule calls are guarded).

create schema if not exists jobs;
revoke all on schema jobs from public;

-- Objects to remove from Storage. SQL cannot remove a stored file on hosted Supabase (only its
-- row, and Storage forbids even that), so the jobs queue keys here and the storage-sweeper Edge
-- Function removes them through the Storage API with the service role.
create table if not exists jobs.object_deletions (
  id bigint generated always as identity primary key,
  bucket_id text not null,
  name text not null,
  reason text not null check (reason in ('trash', 'account', 'orphan')),
  enqueued_at timestamptz not null default now(),
  claimed_until timestamptz,
  attempts integer not null default 0,
  unique (bucket_id, name)
);

-- Mail the product sends (not auth mail, which GoTrue sends): delivered by the local stack into
-- its outbox, by a mail provider on hosted deployments. Rows are deleted once delivered.
create table if not exists jobs.outgoing_mail (
  id uuid primary key default gen_random_uuid(),
  user_id uuid,
  to_address text not null,
  kind text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now(),
  claimed_until timestamptz
);
create index if not exists outgoing_mail_user_idx on jobs.outgoing_mail (user_id);

-- What each job did last: for the operator, and for the scheduler's status page.
create table if not exists jobs.runs (
  job text primary key,
  last_at timestamptz not null,
  last_finished_at timestamptz not null default now(),
  last_result jsonb not null default '{}'::jsonb
);

create or replace function jobs.record_run(job_name text, at timestamptz, result jsonb) returns void
language sql
set search_path = ''
as $$
  insert into jobs.runs (job, last_at, last_finished_at, last_result)
  values (job_name, at, now(), result)
  on conflict (job) do update set last_at = excluded.last_at, last_finished_at = excluded.last_finished_at, last_result = excluded.last_result;
$$;

-- Trash older than the retention period: the rows go, their objects are queued for the sweeper.
create or replace function jobs.purge_trash(at timestamptz default now(), retention_days integer default 30)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  purged integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.purge_trash')) then
    return 0;
  end if;
  with expired as (
    select d.id, d.storage_path
      from public.documents d
     where d.deleted_at is not null
       and d.deleted_at < at - make_interval(days => greatest(retention_days, 0))
     order by d.deleted_at
     limit 5000
     for update skip locked
  ), queued as (
    insert into jobs.object_deletions (bucket_id, name, reason)
    select 'documents', e.storage_path, 'trash' from expired e
    on conflict (bucket_id, name) do nothing
  ), gone as (
    delete from public.documents d using expired e where d.id = e.id returning 1
  )
  select count(*) into purged from gone;
  perform jobs.record_run('purge-trash', at, jsonb_build_object('purged', purged));
  return purged;
end
$$;

-- Objects in the documents bucket that no document points at, a day after they were written (an
-- upload writes the object before its row, ADR 0021: a younger object may still get its row).
create or replace function jobs.sweep_orphans(at timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  queued integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.sweep_orphans')) then
    return 0;
  end if;
  with orphans as (
    insert into jobs.object_deletions (bucket_id, name, reason)
    select o.bucket_id, o.name, 'orphan'
      from storage.objects o
     where o.bucket_id = 'documents'
       and o.created_at < at - interval '1 day'
       and not exists (select 1 from public.documents d where d.storage_path = o.name)
     limit 5000
    on conflict (bucket_id, name) do nothing
    returning 1
  )
  select count(*) into queued from orphans;
  perform jobs.record_run('sweep-orphans', at, jsonb_build_object('queued', queued));
  return queued;
end
$$;

-- Claimed by the storage sweeper (service role only): a lease of five minutes, so a sweeper that
-- dies mid-way leaves its batch to the next one and two sweepers never take the same keys.
create or replace function public.claim_object_deletions(batch integer default 100)
returns table (id bigint, bucket_id text, name text)
language sql
security definer
set search_path = ''
as $$
  update jobs.object_deletions q
     set claimed_until = now() + interval '5 minutes', attempts = q.attempts + 1
   where q.id in (
     select x.id from jobs.object_deletions x
      where x.claimed_until is null or x.claimed_until < now()
      order by x.id
      limit least(greatest(batch, 1), 1000)
      for update skip locked
   )
  returning q.id, q.bucket_id, q.name;
$$;

-- The sweeper reports what Storage removed (or what was already gone); those leave the queue.
create or replace function public.finish_object_deletions(done bigint[])
returns integer
language sql
security definer
set search_path = ''
as $$
  with gone as (delete from jobs.object_deletions where id = any (done) returning 1)
  select count(*)::integer from gone;
$$;

revoke all on function public.claim_object_deletions(integer) from public, anon, authenticated;
revoke all on function public.finish_object_deletions(bigint[]) from public, anon, authenticated;
grant execute on function public.claim_object_deletions(integer) to service_role;
grant execute on function public.finish_object_deletions(bigint[]) to service_role;

-- Hosted Supabase: pg_cron runs the SQL jobs; the sweeper is an Edge Function called through
-- pg_net with the project URL and service-role key kept in Vault (docs/account-security.md).
create or replace function jobs.call_storage_sweeper() returns void
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if not exists (select 1 from jobs.object_deletions) then
    return;
  end if;
  if not exists (select 1 from pg_extension where extname = 'pg_net')
     or to_regclass('vault.decrypted_secrets') is null then
    raise notice 'storage sweeper not called: pg_net or Vault is missing';
    return;
  end if;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$q$ into project_url;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$q$ into service_key;
  if project_url is null or service_key is null then
    raise notice 'storage sweeper not called: Vault secrets project_url / service_role_key are missing';
    return;
  end if;
  execute $q$select net.http_post(url := $1, headers := $2, body := '{}'::jsonb)$q$
    using project_url || '/functions/v1/storage-sweeper',
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
end
$$;

revoke all on all functions in schema jobs from public;
