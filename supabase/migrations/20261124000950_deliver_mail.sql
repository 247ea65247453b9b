-- Product mail on hosted Supabase (issue 14 §2–§3): the deliver-mail Edge Function sends what
-- jobs.outgoing_mail queues through an HTTP mail API; the local stack's scheduler writes the same
-- rows to its outbox. Both claim through the functions below, so the lease logic has one home.
-- Runs unchanged where pg_cron / pg_net are absent (the local stack, CI).

alter table jobs.outgoing_mail add column if not exists attempts integer not null default 0;
alter table jobs.outgoing_mail add column if not exists last_error text;

-- Tries per mail: a row that failed this often stays in the table (with its last_error) for the
-- operator instead of being retried for ever.
create or replace function jobs.outgoing_mail_max_attempts() returns integer
language sql immutable set search_path = '' as $$ select 8 $$;

-- Claims up to `batch` due rows with a five-minute lease (SKIP LOCKED), so two runners never send
-- one mail twice; a runner that dies mid-way leaves its rows to the next one after the lease.
create or replace function public.claim_outgoing_mail(batch integer default 100)
returns table (id uuid, to_address text, kind text, subject text, body text, attempts integer)
language sql
security definer
set search_path = ''
as $$
  update jobs.outgoing_mail m
     set claimed_until = now() + interval '5 minutes', attempts = m.attempts + 1
   where m.id in (
     select x.id from jobs.outgoing_mail x
      where (x.claimed_until is null or x.claimed_until < now())
        and x.attempts < jobs.outgoing_mail_max_attempts()
      order by x.created_at
      limit least(greatest(batch, 1), 1000)
      for update skip locked
   )
  returning m.id, m.to_address, m.kind, m.subject, m.body, m.attempts;
$$;

-- Sent: the row leaves the queue.
create or replace function public.outgoing_mail_sent(mail_id uuid)
returns boolean
language sql
security definer
set search_path = ''
as $$
  with gone as (delete from jobs.outgoing_mail where id = mail_id returning 1)
  select exists (select 1 from gone);
$$;

-- Not sent: the row keeps its lease (retried once it runs out) and says why.
create or replace function public.outgoing_mail_failed(mail_id uuid, error text)
returns void
language sql
security definer
set search_path = ''
as $$
  update jobs.outgoing_mail set last_error = left(error, 1000) where id = mail_id;
$$;

revoke all on function public.claim_outgoing_mail(integer) from public, anon, authenticated;
revoke all on function public.outgoing_mail_sent(uuid) from public, anon, authenticated;
revoke all on function public.outgoing_mail_failed(uuid, text) from public, anon, authenticated;
grant execute on function public.claim_outgoing_mail(integer) to service_role;
grant execute on function public.outgoing_mail_sent(uuid) to service_role;
grant execute on function public.outgoing_mail_failed(uuid, text) to service_role;

-- Hosted Supabase: pg_net calls an Edge Function with the project URL and service-role key kept
-- in Vault (docs/account-security.md). One helper for the storage sweeper and deliver-mail.
create or replace function jobs.call_edge_function(fn text) returns void
language plpgsql
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  if not exists (select 1 from pg_extension where extname = 'pg_net')
     or to_regclass('vault.decrypted_secrets') is null then
    raise notice '% not called: pg_net or Vault is missing', fn;
    return;
  end if;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$q$ into project_url;
  execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$q$ into service_key;
  if project_url is null or service_key is null then
    raise notice '% not called: Vault secrets project_url / service_role_key are missing', fn;
    return;
  end if;
  execute $q$select net.http_post(url := $1, headers := $2, body := '{}'::jsonb)$q$
    using project_url || '/functions/v1/' || fn,
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
end
$$;

create or replace function jobs.call_storage_sweeper() returns void
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from jobs.object_deletions) then
    perform jobs.call_edge_function('storage-sweeper');
  end if;
end
$$;

create or replace function jobs.call_deliver_mail() returns void
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from jobs.outgoing_mail
              where (claimed_until is null or claimed_until < now())
                and attempts < jobs.outgoing_mail_max_attempts()) then
    perform jobs.call_edge_function('deliver-mail');
  end if;
end
$$;

revoke all on all functions in schema jobs from public;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('dossier-deliver-mail', '* * * * *', 'select jobs.call_deliver_mail()');
  end if;
end
$$;
