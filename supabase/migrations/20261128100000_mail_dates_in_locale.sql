-- Dates in product mail read in the person's locale (issue 21 item 5, ADR 0350).
--
-- The SQL that queues a mail wrote its dates with to_char: always English, always UTC ("5
-- December 2026 10:00 UTC"). It now writes a token the renderer
-- (supabase/functions/_shared/product-mail.ts, hosted and local) formats with Intl in the
-- recipient's locale and time zone — the deployment's MAIL_LOCALE / MAIL_TIME_ZONE while the
-- product stores none per person:
--   {{date:2027-03-01}}            a calendar date (a document's expiry: the same day everywhere)
--   {{day:2026-12-27T10:00:00Z}}   the day of an instant, in the recipient's zone
--   {{time:2026-12-27T10:00:00Z}}  its day and time, with the zone's name
-- The functions below are the latest versions of the four that write a date, unchanged except for
-- it. Three are SECURITY DEFINER and live in `private` since 20261127900100 (their `public`
-- wrappers call them by name, and keep their grants); replaced there.

create or replace function jobs.mail_date(d date) returns text
language sql immutable
set search_path = ''
as $$ select '{{date:' || to_char(d, 'YYYY-MM-DD') || '}}' $$;

create or replace function jobs.mail_day(instant timestamptz) returns text
language sql immutable
set search_path = ''
as $$ select '{{day:' || to_char(instant at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '}}' $$;

create or replace function jobs.mail_time(instant timestamptz) returns text
language sql immutable
set search_path = ''
as $$ select '{{time:' || to_char(instant at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '}}' $$;

revoke all on function jobs.mail_date(date) from public;
revoke all on function jobs.mail_day(timestamptz) from public;
revoke all on function jobs.mail_time(timestamptz) from public;

create or replace function private.schedule_account_deletion(password text)
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
        'Your Dossier account will be deleted on ' || jobs.mail_day(due),
        'You asked us to delete your Dossier account. On ' || jobs.mail_day(due)
          || ' we will delete every document, file, category, tag, portfolio and share link in it, '
          || 'and the account itself. Until then you can change your mind: sign in and choose '
          || '"Keep my account". If you did not ask for this, sign in, keep your account and change your password.');
    end if;
  end if;
  return jsonb_build_object('scheduled', true, 'scheduled_for', due);
end
$$;

create or replace function private.offer_transfer(
  recipient_email text,
  document_ids uuid[] default null,
  portfolio_id uuid default null,
  message text default '',
  keep_copy boolean default false
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  my_address text;
  address text := lower(btrim(coalesce(recipient_email, '')));
  ids uuid[];
  offered integer;
  new_id uuid;
  folio public.portfolios;
  recipient uuid;
  bytes bigint;
  busy text;
  t public.transfers;
begin
  if me is null then
    perform public.transfer_refuse('Sign in to transfer documents.', '42501');
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 254 then
    perform public.transfer_refuse('Enter a valid e-mail address.');
  end if;
  select lower(u.email) into my_address from auth.users u where u.id = me;
  if address = my_address then
    perform public.transfer_refuse('You cannot transfer documents to yourself.');
  end if;
  if char_length(coalesce(message, '')) > 1000 then
    perform public.transfer_refuse('The message can be at most 1000 characters.');
  end if;
  if (portfolio_id is null) = (coalesce(cardinality(document_ids), 0) = 0) then
    perform public.transfer_refuse('Choose either documents or one portfolio to transfer.');
  end if;

  -- One offer at a time per person: two concurrent offers of the same document cannot both pass.
  perform pg_advisory_xact_lock(hashtext('dossier.transfer_offer:' || me::text));

  if portfolio_id is not null then
    select * into folio from public.portfolios p where p.id = offer_transfer.portfolio_id and p.user_id = me;
    if not found then
      perform public.transfer_refuse('Portfolio not found.', '42501');
    end if;
    if exists (select 1 from public.transfers x where x.portfolio_id = folio.id and x.state = 'pending' and x.expires_at > now()) then
      perform public.transfer_refuse(format('The portfolio "%s" is already on offer.', folio.name));
    end if;
    select coalesce(array_agg(d.id order by d.name, d.id), '{}') into ids
      from public.documents d where d.portfolio_id = folio.id and d.user_id = me and d.deleted_at is null;
  else
    select array_agg(distinct x) into ids from unnest(document_ids) x;
    if exists (
      select 1 from unnest(ids) x
       where not exists (select 1 from public.documents d where d.id = x and d.user_id = me)
    ) then
      perform public.transfer_refuse('Document not found.', '42501');
    end if;
    if exists (select 1 from public.documents d where d.id = any (ids) and d.deleted_at is not null) then
      perform public.transfer_refuse('A document in the trash cannot be transferred; restore it first.');
    end if;
    if cardinality(ids) > 500 then
      perform public.transfer_refuse('Transfer at most 500 documents at once.');
    end if;
  end if;

  select d.name into busy
    from public.documents d
    join public.transfer_items i on i.document_id = d.id
    join public.transfers x on x.id = i.transfer_id and x.state = 'pending' and x.expires_at > now()
   where d.id = any (ids)
   limit 1;
  if found then
    perform public.transfer_refuse(format('"%s" is already on offer.', busy));
  end if;

  select coalesce(sum(d.size), 0) into bytes from public.documents d where d.id = any (ids);
  offered := coalesce(cardinality(ids), 0);
  select u.id into recipient from auth.users u where lower(u.email) = address and u.email_confirmed_at is not null limit 1;
  if recipient is not null then
    perform public.transfer_check_room(recipient, offered, bytes);
  end if;

  insert into public.transfers (sender_id, sender_email, recipient_email, portfolio_id, portfolio_name, message, keep_copy)
  values (me, coalesce(my_address, ''), address, folio.id, folio.name, btrim(coalesce(message, '')), coalesce(keep_copy, false))
  returning * into t;
  new_id := t.id;
  insert into public.transfer_items (transfer_id, document_id, new_document_id, name, mime_type, size, position)
  select new_id, d.id, case when t.keep_copy then gen_random_uuid() else d.id end, d.name, d.mime_type, d.size, x.n
    from unnest(ids) with ordinality as x(id, n)
    join public.documents d on d.id = x.id;
  insert into public.transfer_events (transfer_id, actor_id, kind) values (new_id, me, 'offered');

  perform public.transfer_mail(recipient, address, 'transfer_offered',
    format('%s wants to hand you %s', coalesce(my_address, 'Someone'), public.transfer_what(t)),
    format(E'%s offers you %s in Dossier%s.\n\n%sOpen Dossier and go to Transfers to accept or decline. The offer expires on %s.',
           coalesce(my_address, 'Someone'), public.transfer_what(t),
           case when t.keep_copy then ' (they keep their own copy)' else '' end,
           case when t.message <> '' then format(E'Their message: "%s"\n\n', t.message) else '' end,
           jobs.mail_day(t.expires_at)));
  return new_id;
end
$$;

create or replace function private.request_emergency_access(trusted_contact_id uuid) returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  c public.trusted_contacts := public.trusted_for_contact(trusted_contact_id);
  status text := public.trusted_status(c);
  due timestamptz := now() + make_interval(days => c.wait_days);
begin
  if status = 'waiting' then
    perform public.transfer_refuse('You have asked already; access opens when the waiting period ends.', '55000');
  end if;
  if status = 'granted' then
    perform public.transfer_refuse('You have access already.', '55000');
  end if;
  update public.trusted_contacts x set requested_at = now(), access_from = due, contact_id = me where x.id = c.id;
  insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind, detail)
  values (c.id, me, 'requested', jsonb_build_object('access_from', due));
  perform public.transfer_mail(c.owner_id, c.owner_email, 'trusted_access_requested',
    format('%s asked for emergency access to your documents', c.contact_email),
    format(E'%s, your trusted contact, asked to read %s.\n\nIf this is not right, open Dossier (Transfers, Emergency access) and deny it before %s. If you do nothing, they can read those portfolios from then on, until you revoke it.',
           c.contact_email, public.trusted_portfolio_names(c.id), jobs.mail_time(due)));
  return due;
end
$$;

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
    insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body, link_path)
    select due.user_id, u.email, 'expiry-reminder',
           case when due.days_before = 0 then format('%s expires today', due.name)
                else format('%s expires in %s %s', due.name, due.expires_on - today, case when due.expires_on - today = 1 then 'day' else 'days' end) end,
           format('Your document “%s” expires on %s. Open Dossier to renew it or to change its reminders.', due.name, jobs.mail_date(due.expires_on)),
           '/documents?doc=' || due.document_id
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
