-- Expiry and renewal reminders (issue 15 §3, docs/decisions/0112). Reminders fall 90, 30 and 7 days
-- before a document's expiry and on the day (per person, and per document where set). A scheduled
-- SQL job writes each due reminder once — a unique key, so several devices or two schedulers never
-- send it twice — and queues its e-mail; trashed documents get none. The browser shows the rows as
-- the in-app list (and a notification where permitted). A secret calendar feed URL serves the
-- expiries as iCalendar events with the reminders as alarms (Edge Function calendar-feed).

create table if not exists public.reminder_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  -- Days before the expiry date; 0 is the day itself.
  days_before integer[] not null default '{90,30,7,0}'
    check (cardinality(days_before) between 0 and 8 and 0 <= all (days_before) and 730 >= all (days_before)),
  email boolean not null default true,
  -- The calendar feed's secret (null: the feed is off). Regenerating kills the old URL.
  calendar_token text unique check (calendar_token is null or calendar_token ~ '^[0-9a-f]{64}$'),
  updated_at timestamptz not null default now()
);

alter table public.reminder_settings enable row level security;
create policy "reminder_settings: own" on public.reminder_settings
  for all to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on public.reminder_settings from anon;
revoke update on public.reminder_settings from authenticated;
grant select, insert, delete on public.reminder_settings to authenticated;
-- The token is set only by calendar_feed(): a person cannot pick a guessable one.
revoke insert on public.reminder_settings from authenticated;
-- user_id in both: supabase-js's upsert names every column it sends (RLS keeps it the caller's).
grant insert (user_id, days_before, email, updated_at) on public.reminder_settings to authenticated;
grant update (user_id, days_before, email, updated_at) on public.reminder_settings to authenticated;

-- Per document: other days than the person's default (null: the default).
alter table public.documents add column if not exists reminder_days integer[]
  check (reminder_days is null or (cardinality(reminder_days) <= 8 and 0 <= all (reminder_days) and 730 >= all (reminder_days)));
grant update (reminder_days) on public.documents to authenticated;

create table if not exists public.expiry_reminders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  document_id uuid not null references public.documents (id) on delete cascade,
  expires_on date not null,
  days_before integer not null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  -- Set by the first open device that shows it as a browser notification: one device claims it
  -- (update … where notified_at is null), so several open devices never all pop up the same one.
  notified_at timestamptz,
  -- Sent once: the same document, expiry and day never make a second reminder.
  unique (document_id, expires_on, days_before)
);
create index if not exists expiry_reminders_user_idx on public.expiry_reminders (user_id, created_at desc);

alter table public.expiry_reminders enable row level security;
create policy "expiry_reminders: read own" on public.expiry_reminders
  for select to authenticated using (user_id = (select auth.uid()));
create policy "expiry_reminders: mark own read" on public.expiry_reminders
  for update to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy "expiry_reminders: delete own" on public.expiry_reminders
  for delete to authenticated using (user_id = (select auth.uid()));
revoke all on public.expiry_reminders from anon;
revoke insert, update on public.expiry_reminders from authenticated;
grant select, delete on public.expiry_reminders to authenticated;
grant update (read_at, notified_at) on public.expiry_reminders to authenticated;

-- Switches the calendar feed on with a new secret (the old URL stops working) or off; returns the
-- new token or null. SECURITY DEFINER so the secret always comes from here (the column is not
-- writable by the browser); it only ever touches the caller's own row.
create or replace function public.calendar_feed(enabled boolean)
returns text
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  token text := case when enabled then replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '') end;
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  insert into public.reminder_settings as s (user_id, calendar_token) values (auth.uid(), token)
  on conflict (user_id) do update set calendar_token = excluded.calendar_token, updated_at = now();
  return token;
end
$$;
revoke all on function public.calendar_feed(boolean) from public, anon;
grant execute on function public.calendar_feed(boolean) to authenticated;

-- What the calendar feed serves for a token (service role only: the Edge Function calls it). No
-- row: no such feed (off, or regenerated). A row without a document: a live feed with no expiries.
create or replace function public.calendar_feed_events(token text)
returns table (document_id uuid, name text, expires_on date, days_before integer[])
language sql
stable
security definer
set search_path = public, pg_temp
as $$
  select d.id, d.name, d.expires_on, coalesce(d.reminder_days, s.days_before)
    from public.reminder_settings s
    left join public.documents d on d.user_id = s.user_id and d.deleted_at is null and d.expires_on is not null
   where s.calendar_token is not null
     and s.calendar_token = calendar_feed_events.token
   order by d.expires_on, d.name
   limit 2000
$$;
revoke all on function public.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_events(text) to service_role;

-- The daily job: every reminder due by `at` (up to a week late, so a stopped scheduler catches up
-- without flooding), once, with its e-mail queued when the person wants mail.
create or replace function jobs.send_expiry_reminders(at timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  sent integer := 0;
  today date := (at at time zone 'utc')::date;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.send_expiry_reminders')) then
    return 0;
  end if;
  with due as (
    select d.id as document_id, d.user_id, d.name, d.expires_on, day as days_before, coalesce(s.email, true) as email
      from public.documents d
      left join public.reminder_settings s on s.user_id = d.user_id
      cross join lateral unnest(coalesce(d.reminder_days, s.days_before, '{90,30,7,0}'::integer[])) as day
     where d.deleted_at is null
       and d.expires_on is not null
       and d.expires_on - day <= today
       and d.expires_on - day > today - 7
       and d.expires_on >= today - 1
  ), inserted as (
    insert into public.expiry_reminders (user_id, document_id, expires_on, days_before)
    select user_id, document_id, expires_on, days_before from due
    on conflict (document_id, expires_on, days_before) do nothing
    returning document_id, expires_on, days_before
  ), mailed as (
    insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body)
    select due.user_id, u.email, 'expiry-reminder',
           case when due.days_before = 0 then format('%s expires today', due.name)
                else format('%s expires in %s days', due.name, due.expires_on - today) end,
           format('Your document “%s” expires on %s. Open Dossier to renew it or to change its reminders.', due.name, to_char(due.expires_on, 'FMDD Mon YYYY'))
      from inserted i
      join due on due.document_id = i.document_id and due.expires_on = i.expires_on and due.days_before = i.days_before
      join auth.users u on u.id = due.user_id
     where due.email and u.email is not null
    returning 1
  )
  select count(*) into sent from inserted;
  perform jobs.record_run('send-expiry-reminders', at, jsonb_build_object('sent', sent));
  return sent;
end
$$;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('dossier-expiry-reminders', '5 * * * *', 'select jobs.send_expiry_reminders()');
  end if;
end
$$;
