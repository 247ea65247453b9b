-- Product mail that leads somewhere (issue 21 item 5, docs/decisions/0272).
--
-- Every mail that asks for an action carries a link to it. The SQL that queues a mail knows where
-- the action is; it now says so in `link_path` (an app path: the deployment's public address is
-- added when the mail is rendered, by supabase/functions/_shared/product-mail.ts, hosted and
-- locally). Rows queued without one get their kind's page from that module.
-- 1. jobs.outgoing_mail.link_path; claim_outgoing_mail returns it.
-- 2. A family invitation's path (its token) was written into the body as "/settings?family-invite=…"
--    — a path no mail client opens: a BEFORE INSERT trigger moves it to link_path and the body
--    points at the link instead.
-- 3. Expiry reminders link their document and say "in 1 day" (other counted units — "within 1
--    days" of a one-day wait — are put right by the renderer, which tidies every paragraph).

alter table jobs.outgoing_mail add column if not exists link_path text
  check (link_path is null or (link_path like '/%' and link_path not like '//%'));

drop function if exists public.claim_outgoing_mail(integer);
create function public.claim_outgoing_mail(batch integer default 100)
returns table (id uuid, to_address text, kind text, subject text, body text, attempts integer, link_path text)
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
  returning m.id, m.to_address, m.kind, m.subject, m.body, m.attempts, m.link_path;
$$;
revoke all on function public.claim_outgoing_mail(integer) from public, anon, authenticated;
grant execute on function public.claim_outgoing_mail(integer) to service_role;

-- 2: mend an invitation as it is queued (the function that writes it stays as it is).
create or replace function jobs.outgoing_mail_mend() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  invite text;
begin
  if new.kind = 'family_invitation' then
    invite := substring(new.body from '(/settings\?family-invite=[A-Za-z0-9_-]+)');
    if invite is not null then
      new.link_path := coalesce(new.link_path, invite);
      new.body := replace(new.body, 'open ' || invite || ' within', 'open the invitation link below within');
      new.body := replace(new.body, invite, 'the invitation link below');
    end if;
  end if;
  return new;
end
$$;
drop trigger if exists outgoing_mail_mend on jobs.outgoing_mail;
create trigger outgoing_mail_mend before insert on jobs.outgoing_mail
  for each row execute function jobs.outgoing_mail_mend();

-- 3. As in 20261124000210, with the document's link and the singular.
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
           format('Your document “%s” expires on %s. Open Dossier to renew it or to change its reminders.', due.name, to_char(due.expires_on, 'FMDD Mon YYYY')),
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
