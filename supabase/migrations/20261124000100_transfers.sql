-- Transfers (issue 13 §1, ADR 0100): a person offers documents, or a whole portfolio, to another
-- person by e-mail; the recipient accepts or declines; the sender can cancel while it is pending;
-- the offer expires after 14 days. Accepting moves the rows and the stored objects to the
-- recipient, all or nothing.
--
-- Object bytes are keyed by their name (Supabase Storage, and the local stack alike), so renaming
-- a storage.objects row in SQL would lose its bytes. Accepting is therefore copy-then-commit:
--   1. transfer_accept_begin   (recipient)  claims the offer for five minutes and names, for every
--      document, the object to copy and where it goes under the recipient's folder;
--   2. the transfer-accept Edge Function copies the objects with the service role (nothing of the
--      sender's changes; the copies are counted against the recipient's plan by the storage trigger);
--   3. transfer_accept_finish  (recipient)  in ONE transaction checks everything again, moves (or,
--      with "keep a copy", copies) the rows, recreates tags by name, maps categories by name,
--      moves the portfolio, revokes the sender's links and queues the sender's old objects;
--   4. on any failure the function removes its copies (transfer_accept_abandon tells which are
--      safe to remove); a crash leaves copies no document points at, which sweep_orphans removes.
-- Every cross-user step is a SECURITY DEFINER function with search_path = '' checking auth.uid().
-- Runs unchanged on hosted Supabase (PostgreSQL 15) and on the local stack (PGlite / PostgreSQL).

-- ---------------------------------------------------------------------------------------------
-- Tables
-- ---------------------------------------------------------------------------------------------

create table public.transfers (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null references auth.users (id) on delete cascade,
  sender_email text not null,
  recipient_email text not null check (recipient_email = lower(recipient_email) and recipient_email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  -- Set once the recipient acts (accept or decline): until then they may not have an account yet.
  recipient_id uuid references auth.users (id) on delete set null,
  portfolio_id uuid references public.portfolios (id) on delete set null,
  -- What the offer was, kept for both lists after the rows have moved.
  portfolio_name text,
  message text not null default '' check (char_length(message) <= 1000),
  keep_copy boolean not null default false,
  state text not null default 'pending' check (state in ('pending', 'accepted', 'declined', 'cancelled', 'expired')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '14 days',
  decided_at timestamptz,
  -- The accept in flight (step 1 to 3): one at a time, for five minutes. Cancel, decline and expiry
  -- leave it, so the accept that loses the race still finds its copies to remove.
  claim uuid,
  claimed_until timestamptz
);
create index transfers_sender_idx on public.transfers (sender_id, created_at desc);
create index transfers_recipient_email_idx on public.transfers (recipient_email, created_at desc);
create index transfers_recipient_idx on public.transfers (recipient_id);
create index transfers_portfolio_idx on public.transfers (portfolio_id);
create index transfers_pending_expiry_idx on public.transfers (expires_at) where state = 'pending';

create table public.transfer_items (
  transfer_id uuid not null references public.transfers (id) on delete cascade,
  -- The sender's document; null once it is gone (then a pending offer can no longer be accepted).
  document_id uuid references public.documents (id) on delete set null,
  -- The recipient's document: the same id when it moves, a new one when the sender keeps a copy.
  new_document_id uuid not null,
  name text not null,
  mime_type text not null,
  size bigint not null,
  position integer not null,
  primary key (transfer_id, position)
);
create index transfer_items_document_idx on public.transfer_items (document_id);

-- The transfer's own history (offered, accepted, …), shown in both lists.
create table public.transfer_events (
  id bigint generated always as identity primary key,
  transfer_id uuid not null references public.transfers (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  kind text not null check (kind in ('offered', 'accepted', 'declined', 'cancelled', 'expired')),
  at timestamptz not null default now()
);
create index transfer_events_transfer_idx on public.transfer_events (transfer_id, at);
create index transfer_events_actor_idx on public.transfer_events (actor_id);

-- Document history (issue 13 §3): the transfer functions write here; the history feature adds
-- triggers for the other events. previous_owner_id marks the one event the previous owner may
-- still read (the transfer itself).
create table if not exists public.document_events (
  id bigint generated always as identity primary key,
  document_id uuid not null references public.documents (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  -- Who did it, as they were known then: kept so the history reads the same after a transfer.
  actor_email text,
  kind text not null,
  detail jsonb not null default '{}'::jsonb,
  previous_owner_id uuid references auth.users (id) on delete set null,
  at timestamptz not null default now()
);
create index if not exists document_events_document_idx on public.document_events (document_id, at desc);
create index if not exists document_events_actor_idx on public.document_events (actor_id);
create index if not exists document_events_previous_owner_idx on public.document_events (previous_owner_id);
alter table public.document_events enable row level security;
drop policy if exists "document_events: owner reads" on public.document_events;
create policy "document_events: owner reads" on public.document_events
  for select to authenticated
  using (
    exists (select 1 from public.documents d where d.id = document_id and d.user_id = (select auth.uid()))
    or previous_owner_id = (select auth.uid())
  );
revoke all on public.document_events from anon, authenticated;
grant select on public.document_events to authenticated;

-- The caller's address, only once confirmed: an offer to an address is seen by whoever proves it.
create or replace function public.my_confirmed_email() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = auth.uid() and u.email_confirmed_at is not null
$$;
revoke all on function public.my_confirmed_email() from public, anon;
grant execute on function public.my_confirmed_email() to authenticated;

alter table public.transfers enable row level security;
alter table public.transfer_items enable row level security;
alter table public.transfer_events enable row level security;

create policy "transfers: sender and recipient read" on public.transfers
  for select to authenticated
  using (
    sender_id = (select auth.uid())
    or recipient_id = (select auth.uid())
    or (recipient_id is null and recipient_email = (select public.my_confirmed_email()))
  );
create policy "transfer_items: sender and recipient read" on public.transfer_items
  for select to authenticated
  using (exists (select 1 from public.transfers t where t.id = transfer_id));
create policy "transfer_events: sender and recipient read" on public.transfer_events
  for select to authenticated
  using (exists (select 1 from public.transfers t where t.id = transfer_id));
-- Nothing is written from the browser: only through the functions below.
revoke all on public.transfers, public.transfer_items, public.transfer_events from anon, authenticated;
grant select on public.transfers, public.transfer_items, public.transfer_events to authenticated;
-- The claim is the accept's private handle.
revoke select on public.transfers from authenticated;
grant select (id, sender_id, sender_email, recipient_email, recipient_id, portfolio_id, portfolio_name, message, keep_copy,
              state, created_at, expires_at, decided_at)
  on public.transfers to authenticated;

-- The transfer's old objects leave through the storage sweeper like the trash's.
alter table jobs.object_deletions drop constraint if exists object_deletions_reason_check;
alter table jobs.object_deletions add constraint object_deletions_reason_check
  check (reason in ('trash', 'account', 'orphan', 'transfer'));

-- ---------------------------------------------------------------------------------------------
-- Helpers (not callable from the browser)
-- ---------------------------------------------------------------------------------------------

create or replace function public.transfer_refuse(message text, code text default '22023') returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception '%', message using errcode = code, hint = 'transfer';
end
$$;
revoke all on function public.transfer_refuse(text, text) from public, anon, authenticated;

-- Mail through the product's queue (jobs.outgoing_mail; the local stack writes it to its outbox).
create or replace function public.transfer_mail(to_user uuid, to_address text, kind text, subject text, body text) returns void
language sql
security definer
set search_path = ''
as $$
  insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body)
  values (to_user, to_address, kind, subject, body);
$$;
revoke all on function public.transfer_mail(uuid, text, text, text, text) from public, anon, authenticated;

create or replace function public.transfer_what(t public.transfers) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when t.portfolio_name is not null then format('the portfolio "%s"', t.portfolio_name)
    when (select count(*) from public.transfer_items i where i.transfer_id = t.id) = 1
      then format('"%s"', (select i.name from public.transfer_items i where i.transfer_id = t.id limit 1))
    else format('%s documents', (select count(*) from public.transfer_items i where i.transfer_id = t.id))
  end
$$;
revoke all on function public.transfer_what(public.transfers) from public, anon, authenticated;

-- The offer, locked, if the caller is its recipient (by id once set, else by confirmed address).
create or replace function public.transfer_for_recipient(transfer_id uuid) returns public.transfers
language plpgsql
security definer
set search_path = ''
as $$
declare
  t public.transfers;
  me uuid := auth.uid();
  my_email text := public.my_confirmed_email();
begin
  if me is null then
    perform public.transfer_refuse('Sign in to answer a transfer.', '42501');
  end if;
  select * into t from public.transfers x where x.id = transfer_id for update;
  if not found or not (coalesce(t.recipient_id = me, false) or (t.recipient_id is null and my_email is not null and t.recipient_email = my_email)) then
    perform public.transfer_refuse('This transfer was not found.', '42501');
  end if;
  return t;
end
$$;
revoke all on function public.transfer_for_recipient(uuid) from public, anon, authenticated;

-- A pending offer past its 14 days becomes expired the moment anyone looks at it.
create or replace function public.transfer_check_pending(t public.transfers) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if t.state = 'pending' and t.expires_at <= now() then
    perform public.transfer_refuse('This transfer has expired.', '55000');
  end if;
  if t.state <> 'pending' then
    perform public.transfer_refuse(format('This transfer was already %s.', t.state), '55000');
  end if;
end
$$;
revoke all on function public.transfer_check_pending(public.transfers) from public, anon, authenticated;

-- Whether the recipient's plan holds the offer on top of what they keep (documents and bytes).
create or replace function public.transfer_check_room(recipient uuid, documents bigint, bytes bigint) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.plans := public.plan_of(recipient);
  held bigint;
begin
  select count(*) into held from public.documents d where d.user_id = recipient;
  if held + documents > p.max_documents then
    perform public.transfer_refuse(
      format('The recipient''s %s plan has room for %s more documents; this transfer has %s.', p.name, greatest(p.max_documents - held, 0), documents),
      'P0001');
  end if;
  if public.stored_bytes_of(recipient) + bytes > p.max_storage_bytes then
    perform public.transfer_refuse(format('The recipient''s %s plan stores up to %s of files; this transfer does not fit.', p.name, public.plan_size_text(p.max_storage_bytes)), 'P0001');
  end if;
end
$$;
revoke all on function public.transfer_check_room(uuid, bigint, bigint) from public, anon, authenticated;

-- The object key of an item under the recipient's folder.
create or replace function public.transfer_target_path(recipient uuid, item public.transfer_items, source_path text) returns text
language sql
immutable
set search_path = ''
as $$
  select recipient::text || '/' || item.new_document_id::text || '/' || split_part(source_path, '/', 3)
$$;
revoke all on function public.transfer_target_path(uuid, public.transfer_items, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Sender
-- ---------------------------------------------------------------------------------------------

/**
 * Offers documents (document_ids) or a whole portfolio (portfolio_id: its live documents and the
 * portfolio itself) to recipient_email. Refused with a clear message, and nothing written, for: an
 * offer to oneself or to a malformed address, a document that is not the caller's or is in the
 * trash, a document or portfolio already on offer, and more than the recipient's plan holds (when
 * the recipient has an account). Queues an e-mail to the recipient.
 */
create or replace function public.offer_transfer(
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
           to_char(t.expires_at at time zone 'UTC', 'FMDD Month YYYY')));
  return new_id;
end
$$;
revoke all on function public.offer_transfer(text, uuid[], uuid, text, boolean) from public, anon;
grant execute on function public.offer_transfer(text, uuid[], uuid, text, boolean) to authenticated;

/** The sender withdraws a pending offer. Exactly one of cancel and accept wins (both lock the row). */
create or replace function public.cancel_transfer(transfer_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers;
begin
  select * into t from public.transfers x where x.id = transfer_id and x.sender_id = me for update;
  if not found then
    perform public.transfer_refuse('This transfer was not found.', '42501');
  end if;
  perform public.transfer_check_pending(t);
  update public.transfers x set state = 'cancelled', decided_at = now() where x.id = t.id;
  insert into public.transfer_events (transfer_id, actor_id, kind) values (t.id, me, 'cancelled');
end
$$;
revoke all on function public.cancel_transfer(uuid) from public, anon;
grant execute on function public.cancel_transfer(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Recipient
-- ---------------------------------------------------------------------------------------------

create or replace function public.decline_transfer(transfer_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers := public.transfer_for_recipient(transfer_id);
begin
  perform public.transfer_check_pending(t);
  update public.transfers x set state = 'declined', decided_at = now(), recipient_id = me where x.id = t.id;
  insert into public.transfer_events (transfer_id, actor_id, kind) values (t.id, me, 'declined');
  perform public.transfer_mail(t.sender_id, t.sender_email, 'transfer_declined',
    format('%s declined %s', t.recipient_email, public.transfer_what(t)),
    format(E'%s declined the transfer of %s. Nothing changed: the documents are still yours.', t.recipient_email, public.transfer_what(t)));
end
$$;
revoke all on function public.decline_transfer(uuid) from public, anon;
grant execute on function public.decline_transfer(uuid) to authenticated;

/**
 * Step 1 of accepting: claims the offer (five minutes, one accept at a time) and answers which
 * objects to copy where: {claim, copies: [{from, to}]}. Nothing is moved yet.
 */
create or replace function public.transfer_accept_begin(transfer_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers := public.transfer_for_recipient(transfer_id);
  token uuid := gen_random_uuid();
  copies jsonb;
  missing integer;
begin
  perform public.transfer_check_pending(t);
  if t.claimed_until is not null and t.claimed_until > now() then
    perform public.transfer_refuse('This transfer is being accepted already.', '55000');
  end if;
  select count(*) into missing
    from public.transfer_items i
    left join public.documents d on d.id = i.document_id and d.user_id = t.sender_id and d.deleted_at is null
   where i.transfer_id = t.id and d.id is null;
  if missing > 0 then
    perform public.transfer_refuse('Some of the offered documents are no longer available; ask the sender to offer them again.', '55000');
  end if;
  perform public.transfer_check_room(me, (select count(*)::bigint from public.transfer_items i where i.transfer_id = t.id),
                                      (select coalesce(sum(d.size), 0)::bigint from public.transfer_items i join public.documents d on d.id = i.document_id where i.transfer_id = t.id));
  update public.transfers x set claim = token, claimed_until = now() + interval '5 minutes' where x.id = t.id;
  select coalesce(jsonb_agg(jsonb_build_object('from', d.storage_path, 'to', public.transfer_target_path(me, i, d.storage_path)) order by i.position), '[]'::jsonb)
    into copies
    from public.transfer_items i join public.documents d on d.id = i.document_id
   where i.transfer_id = t.id;
  return jsonb_build_object('claim', token, 'copies', copies);
end
$$;
revoke all on function public.transfer_accept_begin(uuid) from public, anon;
grant execute on function public.transfer_accept_begin(uuid) to authenticated;

-- The recipient's tag of this name (case-insensitive), made with the sender's colour if missing.
create or replace function public.transfer_tag_for(recipient uuid, tag_name text, tag_color text) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_id uuid;
begin
  select t.id into found_id from public.tags t where t.user_id = recipient and lower(t.name) = lower(tag_name);
  if found_id is null then
    insert into public.tags (user_id, name, color) values (recipient, tag_name, tag_color) returning id into found_id;
  end if;
  return found_id;
end
$$;
revoke all on function public.transfer_tag_for(uuid, text, text) from public, anon, authenticated;

-- A portfolio name free in the recipient's list: "Estate", else "Estate (2)", "Estate (3)" …
create or replace function public.transfer_free_portfolio_name(recipient uuid, wanted text) returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  candidate text := wanted;
  n integer := 1;
begin
  while exists (select 1 from public.portfolios p where p.user_id = recipient and lower(p.name) = lower(candidate)) loop
    n := n + 1;
    candidate := left(wanted, 94) || ' (' || n || ')';
  end loop;
  return candidate;
end
$$;
revoke all on function public.transfer_free_portfolio_name(uuid, text) from public, anon, authenticated;

/**
 * Step 3 of accepting: everything in one transaction. Answers {moved, remove: [old object keys]}:
 * the keys the caller removes through the Storage API right away (they are queued for the
 * storage sweeper as well, so a crash after the commit still removes them).
 */
create or replace function public.transfer_accept_finish(transfer_id uuid, claim uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers := public.transfer_for_recipient(transfer_id);
  item public.transfer_items;
  doc public.documents;
  target text;
  target_folio uuid;
  misc uuid;
  mapped uuid;
  old_paths text[] := '{}';
  moved integer := 0;
  tagset jsonb;
  tag jsonb;
begin
  perform public.transfer_check_pending(t);
  -- The history triggers stay quiet: this function writes the one 'transferred' event itself.
  perform set_config('dossier.history_off', 'on', true);
  if t.claim is distinct from transfer_accept_finish.claim or t.claimed_until is null or t.claimed_until <= now() then
    perform public.transfer_refuse('This accept took too long; try again.', '55000');
  end if;

  -- The recipient's categories (the default list if they never opened the app).
  if not exists (select 1 from public.user_document_categories c where c.user_id = me) then
    insert into public.user_document_categories (user_id, name, description, sort_order)
    select me, d.name, d.description, d.sort_order from public.default_document_categories d
    on conflict (user_id, name) do nothing;
  end if;
  select c.id into misc from public.user_document_categories c where c.user_id = me and c.name = 'Miscellaneous';

  -- The portfolio, if one was offered: moved (renamed when the name is taken) or copied.
  if t.portfolio_id is not null then
    if t.keep_copy then
      insert into public.portfolios (user_id, name, description, color, icon)
      select me, public.transfer_free_portfolio_name(me, p.name), p.description, p.color, p.icon
        from public.portfolios p where p.id = t.portfolio_id and p.user_id = t.sender_id
      returning id into target_folio;
    else
      update public.portfolios p set user_id = me, name = public.transfer_free_portfolio_name(me, p.name)
       where p.id = t.portfolio_id and p.user_id = t.sender_id
      returning p.id into target_folio;
      -- Checklist slots come along; a slot whose document stays with the sender is emptied.
      update public.portfolio_checklist_items ci
         set user_id = me,
             document_id = case when ci.document_id in (select i.document_id from public.transfer_items i where i.transfer_id = t.id) then ci.document_id end
       where ci.portfolio_id = t.portfolio_id;
      update public.share_links l set revoked_at = now() where l.portfolio_id = t.portfolio_id and l.revoked_at is null;
    end if;
    if target_folio is null then
      perform public.transfer_refuse('The offered portfolio is no longer available; ask the sender to offer it again.', '55000');
    end if;
  end if;

  if not t.keep_copy then
    perform public.transfer_check_room(me, (select count(*)::bigint from public.transfer_items i where i.transfer_id = t.id), 0);
  end if;

  for item in select * from public.transfer_items i where i.transfer_id = t.id order by i.position loop
    select * into doc from public.documents d
     where d.id = item.document_id and d.user_id = t.sender_id and d.deleted_at is null
     for update;
    if not found then
      perform public.transfer_refuse('Some of the offered documents are no longer available; ask the sender to offer them again.', '55000');
    end if;
    target := public.transfer_target_path(me, item, doc.storage_path);
    if not exists (select 1 from storage.objects o where o.bucket_id = 'documents' and o.name = target) then
      perform public.transfer_refuse('A file of this transfer could not be copied; try again.', '55000');
    end if;
    update storage.objects o set owner = me, owner_id = me::text where o.bucket_id = 'documents' and o.name = target;
    mapped := coalesce(
      (select rc.id from public.user_document_categories sc
         join public.user_document_categories rc on rc.user_id = me and lower(rc.name) = lower(sc.name)
        where sc.id = doc.category_id),
      misc);

    -- The sender's tags of this document, by name and colour, before any link changes.
    select coalesce(jsonb_agg(jsonb_build_object('name', tg.name, 'color', tg.color)), '[]'::jsonb) into tagset
      from public.document_tags dt join public.tags tg on tg.id = dt.tag_id
     where dt.document_id = doc.id and tg.user_id = t.sender_id;

    if t.keep_copy then
      insert into public.documents (id, user_id, name, category_id, portfolio_id, storage_path, mime_type, size, sha256, notes,
                                    extracted_text, extraction_status, source, issued_on, expires_on)
      values (item.new_document_id, me, doc.name, mapped, target_folio, target, doc.mime_type, doc.size, doc.sha256, doc.notes,
              doc.extracted_text, doc.extraction_status, doc.source, doc.issued_on, doc.expires_on);
    else
      delete from public.document_tags dt where dt.document_id = doc.id
        and dt.tag_id in (select tg.id from public.tags tg where tg.user_id = t.sender_id);
      update public.documents d
         set user_id = me, storage_path = target, category_id = mapped, portfolio_id = target_folio,
             drive_file_id = null, drive_modified_time = null
       where d.id = doc.id;
      update public.share_links l set revoked_at = now() where l.document_id = doc.id and l.revoked_at is null;
      old_paths := old_paths || doc.storage_path;
    end if;

    for tag in select x from jsonb_array_elements(tagset) x loop
      insert into public.document_tags (document_id, tag_id)
      values (item.new_document_id, public.transfer_tag_for(me, tag ->> 'name', tag ->> 'color'))
      on conflict do nothing;
    end loop;

    insert into public.document_events (document_id, actor_id, actor_email, kind, detail, previous_owner_id)
    values (item.new_document_id, me, t.recipient_email, 'transferred',
            jsonb_build_object('name', doc.name, 'transfer_id', t.id, 'from', t.sender_email, 'to', t.recipient_email, 'kept_copy', t.keep_copy),
            t.sender_id);
    if t.keep_copy then
      insert into public.document_events (document_id, actor_id, actor_email, kind, detail)
      values (doc.id, me, t.recipient_email, 'copied_to', jsonb_build_object('name', doc.name, 'transfer_id', t.id, 'to', t.recipient_email));
    end if;
    moved := moved + 1;
  end loop;

  if cardinality(old_paths) > 0 then
    insert into jobs.object_deletions (bucket_id, name, reason)
    select 'documents', x, 'transfer' from unnest(old_paths) x
    on conflict (bucket_id, name) do nothing;
  end if;

  update public.transfers x
     set state = 'accepted', decided_at = now(), recipient_id = me, claim = null, claimed_until = null
   where x.id = t.id;
  insert into public.transfer_events (transfer_id, actor_id, kind) values (t.id, me, 'accepted');
  perform public.transfer_mail(t.sender_id, t.sender_email, 'transfer_accepted',
    format('%s accepted %s', t.recipient_email, public.transfer_what(t)),
    format(E'%s accepted the transfer of %s. %s', t.recipient_email, public.transfer_what(t),
           case when t.keep_copy then 'You keep your own copy.' else 'The documents are now theirs and no longer in your library.' end));
  return jsonb_build_object('moved', moved, 'remove', to_jsonb(old_paths));
end
$$;
revoke all on function public.transfer_accept_finish(uuid, uuid) from public, anon;
grant execute on function public.transfer_accept_finish(uuid, uuid) to authenticated;

/**
 * Step 4 when copying or finishing failed: releases the caller's claim and answers the copies that
 * are safe to remove (no document points at them). Answers nothing when another accept holds the
 * offer now, so one attempt never removes another's copies.
 */
create or replace function public.transfer_accept_abandon(transfer_id uuid, claim uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers := public.transfer_for_recipient(transfer_id);
  keys jsonb;
begin
  if t.claim is distinct from transfer_accept_abandon.claim then
    return '[]'::jsonb;
  end if;
  update public.transfers x set claim = null, claimed_until = null where x.id = t.id;
  select coalesce(jsonb_agg(public.transfer_target_path(me, i, d.storage_path)), '[]'::jsonb) into keys
    from public.transfer_items i join public.documents d on d.id = i.document_id
   where i.transfer_id = t.id
     and not exists (select 1 from public.documents x where x.storage_path = public.transfer_target_path(me, i, d.storage_path));
  return keys;
end
$$;
revoke all on function public.transfer_accept_abandon(uuid, uuid) from public, anon;
grant execute on function public.transfer_accept_abandon(uuid, uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Lists
-- ---------------------------------------------------------------------------------------------

/**
 * The caller's transfers, incoming and outgoing, newest first, with their items and an effective
 * state (a pending offer past its date reads 'expired' before the job has marked it).
 */
create or replace function public.my_transfers()
returns table (
  id uuid,
  direction text,
  sender_email text,
  recipient_email text,
  portfolio_name text,
  message text,
  keep_copy boolean,
  state text,
  created_at timestamptz,
  expires_at timestamptz,
  decided_at timestamptz,
  items jsonb
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id,
         case when t.sender_id = auth.uid() then 'outgoing' else 'incoming' end,
         t.sender_email, t.recipient_email, t.portfolio_name, t.message, t.keep_copy,
         case when t.state = 'pending' and t.expires_at <= now() then 'expired' else t.state end,
         t.created_at, t.expires_at, t.decided_at,
         coalesce((select jsonb_agg(jsonb_build_object('name', i.name, 'mime_type', i.mime_type, 'size', i.size,
                                                       'document_id', case when t.state = 'accepted' and t.sender_id <> auth.uid() then i.new_document_id end)
                                    order by i.position)
                     from public.transfer_items i where i.transfer_id = t.id), '[]'::jsonb)
    from public.transfers t
   where auth.uid() is not null
     and (t.sender_id = auth.uid()
          or t.recipient_id = auth.uid()
          or (t.recipient_id is null and t.recipient_email = public.my_confirmed_email()))
   order by t.created_at desc
   limit 500
$$;
revoke all on function public.my_transfers() from public, anon;
grant execute on function public.my_transfers() to authenticated;

/** How many offers wait for the caller: the navigation's badge. */
create or replace function public.incoming_transfer_count() returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer
    from public.transfers t
   where auth.uid() is not null
     and t.state = 'pending' and t.expires_at > now()
     and t.sender_id <> auth.uid()
     and t.recipient_email = public.my_confirmed_email()
$$;
revoke all on function public.incoming_transfer_count() from public, anon;
grant execute on function public.incoming_transfer_count() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Expiry (scheduler: local stack's clock, pg_cron on hosted Supabase)
-- ---------------------------------------------------------------------------------------------

create or replace function jobs.expire_transfers(at timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  expired integer := 0;
  t public.transfers;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.expire_transfers')) then
    return 0;
  end if;
  for t in
    select * from public.transfers x
     where x.state = 'pending' and x.expires_at <= at
     order by x.expires_at
     limit 1000
     for update skip locked
  loop
    update public.transfers x set state = 'expired', decided_at = at where x.id = t.id;
    insert into public.transfer_events (transfer_id, actor_id, kind, at) values (t.id, null, 'expired', at);
    perform public.transfer_mail(t.sender_id, t.sender_email, 'transfer_expired',
      format('Your transfer of %s expired', public.transfer_what(t)),
      format(E'%s did not answer within 14 days, so the transfer of %s expired. Nothing changed: the documents are still yours.',
             t.recipient_email, public.transfer_what(t)));
    expired := expired + 1;
  end loop;
  perform jobs.record_run('expire-transfers', at, jsonb_build_object('expired', expired));
  return expired;
end
$$;
revoke all on function jobs.expire_transfers(timestamptz) from public;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    perform cron.schedule('dossier-expire-transfers', '*/15 * * * *', 'select jobs.expire_transfers()');
  end if;
end
$$;
