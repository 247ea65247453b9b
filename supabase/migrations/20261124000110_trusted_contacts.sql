-- Trusted-contact (emergency) access (issue 13 §2, ADR 0101). A person names a trusted contact by
-- e-mail for chosen portfolios with a waiting period of 1–30 days. The contact may request access;
-- the owner is told at once (in the app, a notification where allowed, an e-mail) and can deny
-- during the waiting period; if the owner does nothing the contact reads those portfolios,
-- read-only, until the owner revokes it. Every step is an event both people see.
--
-- The contact's reading goes through SECURITY DEFINER functions (and the trusted-file Edge Function
-- for the files), never through extra RLS policies on documents/portfolios/storage: a policy would
-- mix the owner's papers into the contact's own library queries. RLS on the owner's tables stays
-- "own rows only", so the contact can change nothing.

create table public.trusted_contacts (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users (id) on delete cascade,
  owner_email text not null,
  contact_email text not null check (contact_email = lower(contact_email) and contact_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- Set when the contact first acts (requests access).
  contact_id uuid references auth.users (id) on delete set null,
  wait_days integer not null check (wait_days between 1 and 30),
  created_at timestamptz not null default now(),
  requested_at timestamptz,
  access_from timestamptz,
  granted_at timestamptz,
  removed_at timestamptz,
  check ((requested_at is null) = (access_from is null))
);
create unique index trusted_contacts_owner_contact_key on public.trusted_contacts (owner_id, contact_email) where removed_at is null;
create index trusted_contacts_contact_email_idx on public.trusted_contacts (contact_email);
create index trusted_contacts_contact_idx on public.trusted_contacts (contact_id);
create index trusted_contacts_due_idx on public.trusted_contacts (access_from) where granted_at is null and access_from is not null;

create table public.trusted_contact_portfolios (
  trusted_contact_id uuid not null references public.trusted_contacts (id) on delete cascade,
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  primary key (trusted_contact_id, portfolio_id)
);
create index trusted_contact_portfolios_portfolio_idx on public.trusted_contact_portfolios (portfolio_id);

create table public.trusted_contact_events (
  id bigint generated always as identity primary key,
  trusted_contact_id uuid not null references public.trusted_contacts (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  kind text not null check (kind in ('named', 'changed', 'requested', 'denied', 'granted', 'revoked', 'removed', 'opened')),
  detail jsonb not null default '{}'::jsonb,
  at timestamptz not null default now()
);
create index trusted_contact_events_contact_idx on public.trusted_contact_events (trusted_contact_id, at);
create index trusted_contact_events_actor_idx on public.trusted_contact_events (actor_id);

alter table public.trusted_contacts enable row level security;
alter table public.trusted_contact_portfolios enable row level security;
alter table public.trusted_contact_events enable row level security;

create policy "trusted_contacts: owner and contact read" on public.trusted_contacts
  for select to authenticated
  using (
    owner_id = (select auth.uid())
    or contact_id = (select auth.uid())
    or (contact_id is null and contact_email = (select public.my_confirmed_email()))
  );
create policy "trusted_contact_portfolios: owner and contact read" on public.trusted_contact_portfolios
  for select to authenticated
  using (exists (select 1 from public.trusted_contacts c where c.id = trusted_contact_id));
create policy "trusted_contact_events: owner and contact read" on public.trusted_contact_events
  for select to authenticated
  using (exists (select 1 from public.trusted_contacts c where c.id = trusted_contact_id));
revoke all on public.trusted_contacts, public.trusted_contact_portfolios, public.trusted_contact_events from anon, authenticated;
grant select on public.trusted_contacts, public.trusted_contact_portfolios, public.trusted_contact_events to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Helpers
-- ---------------------------------------------------------------------------------------------

/** The row, locked, if the caller is its contact (by id once set, else by confirmed address). */
create or replace function public.trusted_for_contact(trusted_contact_id uuid) returns public.trusted_contacts
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.trusted_contacts;
  me uuid := auth.uid();
  my_email text := public.my_confirmed_email();
begin
  if me is null then
    perform public.transfer_refuse('Sign in first.', '42501');
  end if;
  select * into c from public.trusted_contacts x where x.id = trusted_contact_id for update;
  if not found or c.removed_at is not null
     or not (coalesce(c.contact_id = me, false) or (c.contact_id is null and my_email is not null and c.contact_email = my_email)) then
    perform public.transfer_refuse('This trusted-contact access was not found.', '42501');
  end if;
  return c;
end
$$;
revoke all on function public.trusted_for_contact(uuid) from public, anon, authenticated;

create or replace function public.trusted_for_owner(trusted_contact_id uuid) returns public.trusted_contacts
language plpgsql
security definer
set search_path = ''
as $$
declare
  c public.trusted_contacts;
begin
  select * into c from public.trusted_contacts x
   where x.id = trusted_contact_id and x.owner_id = auth.uid() and x.removed_at is null
   for update;
  if not found then
    perform public.transfer_refuse('This trusted contact was not found.', '42501');
  end if;
  return c;
end
$$;
revoke all on function public.trusted_for_owner(uuid) from public, anon, authenticated;

create or replace function public.trusted_status(c public.trusted_contacts) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when c.removed_at is not null then 'removed'
    when c.requested_at is null then 'named'
    when c.access_from > now() then 'waiting'
    else 'granted'
  end
$$;
revoke all on function public.trusted_status(public.trusted_contacts) from public, anon, authenticated;

create or replace function public.trusted_portfolio_names(trusted_contact_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(string_agg('"' || p.name || '"', ', ' order by p.name), '')
    from public.trusted_contact_portfolios tp join public.portfolios p on p.id = tp.portfolio_id
   where tp.trusted_contact_id = trusted_portfolio_names.trusted_contact_id
$$;
revoke all on function public.trusted_portfolio_names(uuid) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Owner
-- ---------------------------------------------------------------------------------------------

/**
 * Names (or, for an address already named, changes) a trusted contact for some of the caller's
 * portfolios with a waiting period of 1–30 days. Mails the contact.
 */
create or replace function public.name_trusted_contact(contact_email text, portfolio_ids uuid[], wait_days integer)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  my_address text;
  address text := lower(btrim(coalesce(contact_email, '')));
  existing public.trusted_contacts;
  row_id uuid;
begin
  if me is null then
    perform public.transfer_refuse('Sign in first.', '42501');
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' or char_length(address) > 254 then
    perform public.transfer_refuse('Enter a valid e-mail address.');
  end if;
  select lower(u.email) into my_address from auth.users u where u.id = me;
  if address = my_address then
    perform public.transfer_refuse('You cannot name yourself as your trusted contact.');
  end if;
  if wait_days is null or wait_days < 1 or wait_days > 30 then
    perform public.transfer_refuse('The waiting period is 1 to 30 days.');
  end if;
  if coalesce(cardinality(portfolio_ids), 0) = 0 then
    perform public.transfer_refuse('Choose at least one portfolio.');
  end if;
  if exists (select 1 from unnest(portfolio_ids) x where not exists (select 1 from public.portfolios p where p.id = x and p.user_id = me)) then
    perform public.transfer_refuse('Portfolio not found.', '42501');
  end if;

  select * into existing from public.trusted_contacts c where c.owner_id = me and c.contact_email = address and c.removed_at is null for update;
  if found then
    row_id := existing.id;
    update public.trusted_contacts c set wait_days = name_trusted_contact.wait_days where c.id = row_id;
    delete from public.trusted_contact_portfolios tp where tp.trusted_contact_id = row_id;
    insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind, detail)
    values (row_id, me, 'changed', jsonb_build_object('wait_days', wait_days));
  else
    insert into public.trusted_contacts (owner_id, owner_email, contact_email, wait_days)
    values (me, coalesce(my_address, ''), address, wait_days)
    returning id into row_id;
    insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind, detail)
    values (row_id, me, 'named', jsonb_build_object('wait_days', wait_days));
  end if;
  insert into public.trusted_contact_portfolios (trusted_contact_id, portfolio_id)
  select row_id, x from (select distinct unnest(portfolio_ids) as x) s;

  if existing.id is null then
    perform public.transfer_mail(null, address, 'trusted_contact_named',
      format('%s named you as their trusted contact', coalesce(my_address, 'Someone')),
      format(E'%s named you as their trusted contact in Dossier for %s.\n\nIn an emergency you can ask for access in Dossier (Transfers, Emergency access). They are told at once and can say no; if they do not answer within %s days, you can read those portfolios.',
             coalesce(my_address, 'Someone'), public.trusted_portfolio_names(row_id), wait_days));
  end if;
  return row_id;
end
$$;
revoke all on function public.name_trusted_contact(text, uuid[], integer) from public, anon;
grant execute on function public.name_trusted_contact(text, uuid[], integer) to authenticated;

/** Stops a waiting request (deny) or ends granted access (revoke); the contact stays named. */
create or replace function public.end_emergency_access(trusted_contact_id uuid) returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  c public.trusted_contacts := public.trusted_for_owner(trusted_contact_id);
  status text := public.trusted_status(c);
  kind text;
begin
  if status = 'named' then
    perform public.transfer_refuse('There is no request to deny.', '55000');
  end if;
  kind := case when status = 'waiting' then 'denied' else 'revoked' end;
  update public.trusted_contacts x set requested_at = null, access_from = null, granted_at = null where x.id = c.id;
  insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind) values (c.id, me, kind);
  perform public.transfer_mail(c.contact_id, c.contact_email, 'trusted_access_' || kind,
    case when kind = 'denied' then format('%s denied your request for access', c.owner_email)
         else format('%s ended your access', c.owner_email) end,
    case when kind = 'denied' then format('%s denied your request to read %s. You remain their trusted contact and can ask again.', c.owner_email, public.trusted_portfolio_names(c.id))
         else format('%s ended your read access to %s. You remain their trusted contact.', c.owner_email, public.trusted_portfolio_names(c.id)) end);
  return kind;
end
$$;
revoke all on function public.end_emergency_access(uuid) from public, anon;
grant execute on function public.end_emergency_access(uuid) to authenticated;

/** The owner removes a trusted contact altogether (any access ends). */
create or replace function public.remove_trusted_contact(trusted_contact_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.trusted_contacts := public.trusted_for_owner(trusted_contact_id);
begin
  update public.trusted_contacts x set removed_at = now(), requested_at = null, access_from = null, granted_at = null where x.id = c.id;
  insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind) values (c.id, auth.uid(), 'removed');
end
$$;
revoke all on function public.remove_trusted_contact(uuid) from public, anon;
grant execute on function public.remove_trusted_contact(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Contact
-- ---------------------------------------------------------------------------------------------

/** The contact asks for access: the waiting period starts and the owner is told at once. */
create or replace function public.request_emergency_access(trusted_contact_id uuid) returns timestamptz
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
           c.contact_email, public.trusted_portfolio_names(c.id), to_char(due at time zone 'UTC', 'FMDD Month YYYY HH24:MI "UTC"')));
  return due;
end
$$;
revoke all on function public.request_emergency_access(uuid) from public, anon;
grant execute on function public.request_emergency_access(uuid) to authenticated;

/**
 * What a contact with access may read: the chosen portfolios and their live documents (names,
 * types, sizes). Refused before the waiting period has passed. The first read after it passed
 * records that access was granted.
 */
create or replace function public.trusted_portfolios(trusted_contact_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  c public.trusted_contacts := public.trusted_for_contact(trusted_contact_id);
begin
  if public.trusted_status(c) <> 'granted' then
    perform public.transfer_refuse('You do not have access yet.', '42501');
  end if;
  if c.granted_at is null then
    update public.trusted_contacts x set granted_at = now() where x.id = c.id;
    insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind) values (c.id, null, 'granted');
  end if;
  return coalesce((
    select jsonb_agg(jsonb_build_object(
             'id', p.id, 'name', p.name, 'description', p.description,
             'documents', coalesce((select jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'mime_type', d.mime_type, 'size', d.size,
                                                                        'expires_on', d.expires_on, 'updated_at', d.updated_at) order by d.name)
                                      from public.documents d
                                     where d.portfolio_id = p.id and d.user_id = c.owner_id and d.deleted_at is null), '[]'::jsonb))
           order by p.name)
      from public.trusted_contact_portfolios tp join public.portfolios p on p.id = tp.portfolio_id and p.user_id = c.owner_id
     where tp.trusted_contact_id = c.id), '[]'::jsonb);
end
$$;
revoke all on function public.trusted_portfolios(uuid) from public, anon;
grant execute on function public.trusted_portfolios(uuid) to authenticated;

/**
 * One file for a contact with access: answers its storage path for the trusted-file Edge Function
 * to sign (the contact's own storage policies never reach the owner's folder), and logs it.
 */
create or replace function public.trusted_file(trusted_contact_id uuid, document_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  c public.trusted_contacts := public.trusted_for_contact(trusted_contact_id);
  doc record;
begin
  if public.trusted_status(c) <> 'granted' then
    perform public.transfer_refuse('You do not have access yet.', '42501');
  end if;
  select d.id, d.name, d.mime_type, d.storage_path into doc
    from public.documents d
    join public.trusted_contact_portfolios tp on tp.portfolio_id = d.portfolio_id and tp.trusted_contact_id = c.id
   where d.id = trusted_file.document_id and d.user_id = c.owner_id and d.deleted_at is null;
  if not found then
    perform public.transfer_refuse('Document not found.', '42501');
  end if;
  insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind, detail)
  values (c.id, me, 'opened', jsonb_build_object('document', doc.name));
  return jsonb_build_object('storage_path', doc.storage_path, 'name', doc.name, 'mime_type', doc.mime_type);
end
$$;
revoke all on function public.trusted_file(uuid, uuid) from public, anon;
grant execute on function public.trusted_file(uuid, uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Lists
-- ---------------------------------------------------------------------------------------------

/** Both directions: the contacts the caller named, and the people who named the caller. */
create or replace function public.my_trusted_contacts()
returns table (
  id uuid,
  role text,
  owner_email text,
  contact_email text,
  wait_days integer,
  status text,
  requested_at timestamptz,
  access_from timestamptz,
  portfolios jsonb,
  events jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id,
         case when c.owner_id = auth.uid() then 'owner' else 'contact' end,
         c.owner_email, c.contact_email, c.wait_days, public.trusted_status(c), c.requested_at, c.access_from,
         coalesce((select jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name) order by p.name)
                     from public.trusted_contact_portfolios tp join public.portfolios p on p.id = tp.portfolio_id
                    where tp.trusted_contact_id = c.id), '[]'::jsonb),
         coalesce((select jsonb_agg(jsonb_build_object('kind', e.kind, 'at', e.at, 'by',
                                      case when e.actor_id is null then 'system' when e.actor_id = c.owner_id then 'owner' else 'contact' end,
                                      'detail', e.detail) order by e.at, e.id)
                     from public.trusted_contact_events e where e.trusted_contact_id = c.id), '[]'::jsonb)
    from public.trusted_contacts c
   where auth.uid() is not null
     and c.removed_at is null
     and (c.owner_id = auth.uid()
          or coalesce(c.contact_id = auth.uid(), false)
          or (c.contact_id is null and c.contact_email = public.my_confirmed_email()))
   order by c.created_at desc
$$;
revoke all on function public.my_trusted_contacts() from public, anon;
grant execute on function public.my_trusted_contacts() to authenticated;

/**
 * What needs the caller's attention under Transfers: offers waiting for them, and requests for
 * emergency access to their papers still in the waiting period. The navigation's badge.
 */
create or replace function public.transfers_attention_count() returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(public.incoming_transfer_count(), 0)
       + (select count(*)::integer from public.trusted_contacts c
           where auth.uid() is not null and c.owner_id = auth.uid() and c.removed_at is null
             and c.access_from > now())
$$;
revoke all on function public.transfers_attention_count() from public, anon;
grant execute on function public.transfers_attention_count() to authenticated;

-- The scheduler records access that opened without anyone looking, and tells both people.
create or replace function jobs.open_due_emergency_access(at timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  opened integer := 0;
  c public.trusted_contacts;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.open_due_emergency_access')) then
    return 0;
  end if;
  for c in
    select * from public.trusted_contacts x
     where x.granted_at is null and x.removed_at is null and x.access_from is not null and x.access_from <= at
     limit 1000
     for update skip locked
  loop
    update public.trusted_contacts x set granted_at = at where x.id = c.id;
    insert into public.trusted_contact_events (trusted_contact_id, actor_id, kind, at) values (c.id, null, 'granted', at);
    perform public.transfer_mail(c.contact_id, c.contact_email, 'trusted_access_granted',
      format('You can now read %s''s documents', c.owner_email),
      format('The waiting period ended: you can now read %s in Dossier (Transfers, Emergency access), read-only.', public.trusted_portfolio_names(c.id)));
    perform public.transfer_mail(c.owner_id, c.owner_email, 'trusted_access_opened',
      format('%s can now read your documents', c.contact_email),
      format('%s can now read %s. You can revoke it at any time in Dossier (Transfers, Emergency access).', c.contact_email, public.trusted_portfolio_names(c.id)));
    opened := opened + 1;
  end loop;
  perform jobs.record_run('open-emergency-access', at, jsonb_build_object('opened', opened));
  return opened;
end
$$;
revoke all on function jobs.open_due_emergency_access(timestamptz) from public;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('dossier-open-emergency-access', '*/15 * * * *', 'select jobs.open_due_emergency_access()');
  end if;
end
$$;
