-- Account deletion (issue 14 §3, SPEC §9 "account data deleted within 30 days", ADR 0096).
-- A person asks with their password (and their second factor when they have one); deletion is
-- scheduled 30 days ahead, mailed, shown as a banner, and can be cancelled until then. The
-- delete-accounts job then removes every row of that person, queues every stored object of theirs
-- for the storage sweeper, and deletes the auth user (sessions, identities, factors go with it).

create table if not exists public.account_deletions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  requested_at timestamptz not null default now(),
  scheduled_for timestamptz not null
);
alter table public.account_deletions enable row level security;
create policy "account_deletions: read own" on public.account_deletions
  for select to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.account_deletions from anon, authenticated;
grant select on public.account_deletions to authenticated;

-- Failed password confirmations, to slow down guessing through this door (5 per 15 minutes).
create table if not exists jobs.reauthentication_failures (
  user_id uuid not null references auth.users (id) on delete cascade,
  failed_at timestamptz not null default now()
);
create index if not exists reauthentication_failures_user_idx on jobs.reauthentication_failures (user_id, failed_at);

-- Whether the caller proved who they are for a destructive action: the password of the account
-- (checked against GoTrue's bcrypt hash with pgcrypto), or for an account with no password (Google
-- sign-in only) a session started in the last 10 minutes; plus aal2 when a verified factor exists.
-- Returns null when confirmed, else the reason. Failures are recorded (the caller must not raise
-- afterwards, or the record is rolled back).
create or replace function jobs.confirm_identity(uid uuid, password text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  stored text;
  session_started timestamptz;
begin
  if (select count(*) from jobs.reauthentication_failures f
       where f.user_id = uid and f.failed_at > now() - interval '15 minutes') >= 5 then
    return 'too_many_attempts';
  end if;
  select u.encrypted_password into stored from auth.users u where u.id = uid;
  -- $2b$ (bcryptjs, OpenBSD) and $2a$ (Go, GoTrue) are the same algorithm for passwords under 72
  -- bytes; pgcrypto only reads $2a$.
  if stored like '$2b$%' then
    stored := '$2a$' || substr(stored, 5);
  end if;
  if coalesce(stored, '') = '' then
    select s.created_at into session_started from auth.sessions s
     where s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid and s.user_id = uid;
    if session_started is null or session_started < now() - interval '10 minutes' then
      return 'reauthentication_needed';
    end if;
  elsif password is null or extensions.crypt(password, stored) <> stored then
    insert into jobs.reauthentication_failures (user_id) values (uid);
    return 'invalid_password';
  end if;
  if exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status::text = 'verified')
     and coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    return 'second_factor_required';
  end if;
  delete from jobs.reauthentication_failures f where f.user_id = uid;
  return null;
end
$$;

create or replace function public.schedule_account_deletion(password text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  refused text;
  due timestamptz;
  address text;
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  refused := jobs.confirm_identity(uid, password);
  if refused is not null then
    return jsonb_build_object('scheduled', false, 'reason', refused);
  end if;
  select d.scheduled_for into due from public.account_deletions d where d.user_id = uid;
  if due is null then
    due := now() + interval '30 days';
    insert into public.account_deletions (user_id, scheduled_for) values (uid, due);
    select u.email into address from auth.users u where u.id = uid;
    if coalesce(address, '') <> '' then
      insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body)
      values (uid, address, 'account_deletion_scheduled',
        'Your Dossier account will be deleted on ' || to_char(due at time zone 'UTC', 'FMDD FMMonth YYYY'),
        'You asked us to delete your Dossier account. On ' || to_char(due at time zone 'UTC', 'FMDD FMMonth YYYY')
          || ' (UTC) we will delete every document, file, category, tag, portfolio and share link in it, '
          || 'and the account itself. Until then you can change your mind: sign in and choose '
          || '"Keep my account". If you did not ask for this, sign in, keep your account and change your password.');
    end if;
  end if;
  return jsonb_build_object('scheduled', true, 'scheduled_for', due);
end
$$;

create or replace function public.cancel_account_deletion()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  address text;
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  delete from public.account_deletions d where d.user_id = uid;
  if not found then
    return false;
  end if;
  select u.email into address from auth.users u where u.id = uid;
  if coalesce(address, '') <> '' then
    insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body)
    values (uid, address, 'account_deletion_cancelled', 'Your Dossier account will not be deleted',
      'The deletion of your Dossier account was cancelled. Everything in it stays as it was.');
  end if;
  return true;
end
$$;

revoke all on function public.schedule_account_deletion(text) from public, anon;
revoke all on function public.cancel_account_deletion() from public, anon;
grant execute on function public.schedule_account_deletion(text) to authenticated;
grant execute on function public.cancel_account_deletion() to authenticated;

-- Removes one person entirely. Every table of the public schema with a user_id column is emptied
-- of their rows (tables added later are covered without changing this function; a foreign key
-- between two of them only changes the order, hence the passes), then the auth user goes, which
-- ends their sessions, refresh tokens, identities and factors.
create or replace function jobs.delete_account(uid uuid)
returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
  pass integer;
  pending integer;
  address text;
begin
  select u.email into address from auth.users u where u.id = uid;

  insert into jobs.object_deletions (bucket_id, name, reason)
  select o.bucket_id, o.name, 'account'
    from storage.objects o
   where o.owner = uid or o.owner_id = uid::text or split_part(o.name, '/', 1) = uid::text
  on conflict (bucket_id, name) do nothing;

  for pass in 1..5 loop
    pending := 0;
    for t in
      select c.table_name from information_schema.columns c
        join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
       where c.table_schema = 'public' and c.column_name = 'user_id' and tb.table_type = 'BASE TABLE'
       order by c.table_name
    loop
      begin
        execute format('delete from public.%I where user_id::text = $1', t.table_name) using uid::text;
      exception when foreign_key_violation then
        pending := pending + 1;
      end;
    end loop;
    exit when pending = 0;
  end loop;

  delete from jobs.outgoing_mail m where m.user_id = uid;
  delete from auth.refresh_tokens r where r.user_id = uid::text;
  delete from auth.users u where u.id = uid;

  if coalesce(address, '') <> '' then
    insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body)
    values (null, address, 'account_deleted', 'Your Dossier account has been deleted',
      'As you asked, your Dossier account and everything in it have been deleted. '
        || 'This is the last message we send to this address.');
  end if;
end
$$;

create or replace function jobs.delete_due_accounts(at timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  due record;
  deleted integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.delete_due_accounts')) then
    return 0;
  end if;
  for due in
    select d.user_id from public.account_deletions d
     where d.scheduled_for <= at
     order by d.scheduled_for
     limit 100
     for update skip locked
  loop
    perform jobs.delete_account(due.user_id);
    deleted := deleted + 1;
  end loop;
  perform jobs.record_run('delete-accounts', at, jsonb_build_object('deleted', deleted));
  return deleted;
end
$$;

revoke all on all functions in schema jobs from public;

-- Hosted Supabase: the jobs on pg_cron (absent here and in CI: the block does nothing then).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('dossier-purge-trash', '17 3 * * *', 'select jobs.purge_trash()');
    perform cron.schedule('dossier-delete-accounts', '7 * * * *', 'select jobs.delete_due_accounts()');
    perform cron.schedule('dossier-sweep-orphans', '43 4 * * *', 'select jobs.sweep_orphans()');
    perform cron.schedule('dossier-storage-sweeper', '*/5 * * * *', 'select jobs.call_storage_sweeper()');
  end if;
end
$$;
