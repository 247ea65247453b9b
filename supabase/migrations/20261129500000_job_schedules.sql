-- One table of scheduled jobs (issue 23 §1, ADR 0415). Until now each migration called
-- cron.schedule with its own cron expression and the local stack's scheduler kept a second list
-- with other periods (purge-trash hourly here, daily on hosted). From now on the schedule is a row
-- of jobs.schedules: pg_cron gets its jobs from this table on hosted Supabase, and the local
-- scheduler reads the same rows, so the two cannot drift. A new job is a row (and, for the local
-- stack, a runner of the same name in local-stack/src/scheduler/jobs.ts).

create table if not exists jobs.schedules (
  job text primary key,          -- the job's name: jobs.runs, the local scheduler, /scheduler/v1
  cron_job text not null unique, -- pg_cron's job name on hosted (kept from the earlier migrations)
  schedule text not null,        -- a cron expression, UTC, as pg_cron reads it
  command text not null          -- the SQL pg_cron runs
);
-- Not exposed through the API (schema jobs), and no role but the owner may read it.
alter table jobs.schedules enable row level security;
revoke all on jobs.schedules from public;

insert into jobs.schedules (job, cron_job, schedule, command) values
  ('purge-trash', 'dossier-purge-trash', '17 3 * * *', 'select jobs.purge_trash()'),
  ('delete-accounts', 'dossier-delete-accounts', '7 * * * *', 'select jobs.delete_due_accounts()'),
  ('sweep-orphans', 'dossier-sweep-orphans', '43 4 * * *', 'select jobs.sweep_orphans()'),
  ('storage-sweeper', 'dossier-storage-sweeper', '*/5 * * * *', 'select jobs.call_storage_sweeper()'),
  ('expire-transfers', 'dossier-expire-transfers', '*/15 * * * *', 'select jobs.expire_transfers()'),
  ('open-emergency-access', 'dossier-open-emergency-access', '*/15 * * * *', 'select jobs.open_due_emergency_access()'),
  ('send-expiry-reminders', 'dossier-expiry-reminders', '5 * * * *', 'select jobs.send_expiry_reminders()'),
  ('deliver-mail', 'dossier-deliver-mail', '* * * * *', 'select jobs.call_deliver_mail()')
on conflict (job) do update set cron_job = excluded.cron_job, schedule = excluded.schedule, command = excluded.command;

-- Hands every row to pg_cron (cron.schedule with a known name replaces that job's schedule).
-- A function, so a test can call it against a stand-in cron.schedule where pg_cron is absent.
create or replace function jobs.schedule_on_pg_cron() returns integer
language plpgsql
set search_path = ''
as $$
declare
  s record;
  n integer := 0;
begin
  for s in select * from jobs.schedules order by job loop
    perform cron.schedule(s.cron_job, s.schedule, s.command);
    n := n + 1;
  end loop;
  return n;
end
$$;
revoke all on function jobs.schedule_on_pg_cron() from public;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform jobs.schedule_on_pg_cron();
  end if;
end
$$;
