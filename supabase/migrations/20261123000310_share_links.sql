-- Share links (issue 11): a link to one document or to a whole portfolio (live: the visitor sees the
-- portfolio's documents as they are at each visit). The token (192 random bits) is returned once to
-- its creator and stored only as its SHA-256; a password is stored only as a bcrypt hash.
-- Anonymous visitors never touch these tables: the share-resolve Edge Function calls share_open and
-- share_file (service_role only), which run their own checks and answer nothing about the owner.

create table public.share_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  document_id uuid references public.documents (id) on delete cascade,
  portfolio_id uuid references public.portfolios (id) on delete cascade,
  label text not null default '' check (char_length(label) <= 200),
  expires_at timestamptz,
  max_views integer check (max_views is null or max_views between 1 and 100000),
  view_count integer not null default 0 check (view_count >= 0),
  allow_download boolean not null default true,
  revoked_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((document_id is null) <> (portfolio_id is null))
);
create index share_links_user_idx on public.share_links (user_id, created_at desc);
create index share_links_document_idx on public.share_links (document_id) where document_id is not null;
create index share_links_portfolio_idx on public.share_links (portfolio_id) where portfolio_id is not null;
alter table public.share_links enable row level security;

-- The owner reads and edits the plain options of her links; creation and the password go through
-- functions (the token and the hash are made server-side). The hashes live in share_link_secrets,
-- which no browser role can read.
create policy "share_links: owner reads" on public.share_links
  for select to authenticated
  using (user_id = (select auth.uid()));
create policy "share_links: owner edits" on public.share_links
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "share_links: owner deletes" on public.share_links
  for delete to authenticated
  using (user_id = (select auth.uid()));
revoke all on public.share_links from anon, authenticated;
grant select on public.share_links to authenticated;
grant update (label, expires_at, max_views, allow_download, revoked_at) on public.share_links to authenticated;
grant delete on public.share_links to authenticated;

-- The token's SHA-256, the password's bcrypt hash and the wrong-password counter: after 5 wrong
-- passwords in a row the link refuses every password for 15 minutes.
create table public.share_link_secrets (
  link_id uuid primary key references public.share_links (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  password_hash text,
  failed_attempts integer not null default 0,
  locked_until timestamptz
);
alter table public.share_link_secrets enable row level security;
revoke all on public.share_link_secrets from anon, authenticated;

create or replace function public.share_links_touch() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
create trigger share_links_touch before update on public.share_links
  for each row execute function public.share_links_touch();

-- The view log: when, what (open / preview / download, and which document of a portfolio), and a
-- coarse client class ("Firefox · phone"). No IP address, no full user agent.
create table public.share_views (
  id bigint generated always as identity primary key,
  link_id uuid not null references public.share_links (id) on delete cascade,
  document_id uuid references public.documents (id) on delete set null,
  kind text not null check (kind in ('open', 'preview', 'download')),
  client text not null default '' check (char_length(client) <= 60),
  viewed_at timestamptz not null default now()
);
create index share_views_link_idx on public.share_views (link_id, viewed_at desc);
alter table public.share_views enable row level security;
create policy "share_views: owner of the link reads" on public.share_views
  for select to authenticated
  using (exists (select 1 from public.share_links l where l.id = link_id and l.user_id = (select auth.uid())));
revoke all on public.share_views from anon, authenticated;
grant select on public.share_views to authenticated;

-- The owner's list with each link's state and whether a password is set (the hash itself stays
-- unreadable, so this is a definer function confined to the caller's links).
create or replace function public.list_share_links(document_id uuid default null, portfolio_id uuid default null)
returns table (
  id uuid,
  document_id uuid,
  portfolio_id uuid,
  label text,
  expires_at timestamptz,
  max_views integer,
  view_count integer,
  allow_download boolean,
  revoked_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  has_password boolean,
  state text,
  last_viewed_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select l.id, l.document_id, l.portfolio_id, l.label, l.expires_at, l.max_views, l.view_count,
         l.allow_download, l.revoked_at, l.created_at, l.updated_at,
         exists (select 1 from public.share_link_secrets s where s.link_id = l.id and s.password_hash is not null),
         case
           when l.revoked_at is not null then 'revoked'
           when l.expires_at is not null and l.expires_at <= now() then 'expired'
           when l.max_views is not null and l.view_count >= l.max_views then 'used_up'
           else 'active'
         end,
         (select max(v.viewed_at) from public.share_views v where v.link_id = l.id)
    from public.share_links l
   where l.user_id = (select auth.uid())
     and (list_share_links.document_id is null or l.document_id = list_share_links.document_id)
     and (list_share_links.portfolio_id is null or l.portfolio_id = list_share_links.portfolio_id)
   order by l.created_at desc;
$$;

-- One visit = one counted view. Files are minted against the visit (30 minutes), so a one-time
-- link's single visit can still preview and download what it opened.
create table public.share_visits (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  link_id uuid not null references public.share_links (id) on delete cascade,
  client text not null default '',
  expires_at timestamptz not null
);
create index share_visits_link_idx on public.share_visits (link_id);
alter table public.share_visits enable row level security;
revoke all on public.share_visits from anon, authenticated;

-- Failed lookups (unknown token, wrong password) per client key (an HMAC of the address made by
-- the Edge Function; the address itself is never stored) in fixed windows.
create table public.share_rate_limits (
  client_key text primary key check (char_length(client_key) <= 128),
  window_start timestamptz not null,
  failures integer not null
);
alter table public.share_rate_limits enable row level security;
revoke all on public.share_rate_limits from anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Owner functions
-- ---------------------------------------------------------------------------------------------

create or replace function public.share_new_token() returns text
language sql
volatile
set search_path = ''
as $$
  select translate(rtrim(encode(extensions.gen_random_bytes(24), 'base64'), '='), '+/', '-_');
$$;
revoke all on function public.share_new_token() from public, anon, authenticated;

create or replace function public.share_token_hash(token text) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(convert_to(token, 'UTF8'), 'sha256'), 'hex');
$$;
revoke all on function public.share_token_hash(text) from public, anon, authenticated;

/**
 * Creates a link to one of the caller's live documents or portfolios. Answers the link's id and
 * its token; the token is never stored and cannot be read again.
 */
create or replace function public.create_share_link(
  document_id uuid default null,
  portfolio_id uuid default null,
  expires_at timestamptz default null,
  password text default null,
  max_views integer default null,
  allow_download boolean default true,
  label text default ''
)
returns table (id uuid, token text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  new_token text := public.share_new_token();
  new_id uuid;
begin
  if me is null then
    raise exception 'sign in to share' using errcode = '42501';
  end if;
  if (create_share_link.document_id is null) = (create_share_link.portfolio_id is null) then
    raise exception 'share exactly one document or one portfolio' using errcode = '22023';
  end if;
  if create_share_link.document_id is not null and not exists (
    select 1 from public.documents d where d.id = create_share_link.document_id and d.user_id = me and d.deleted_at is null
  ) then
    raise exception 'document not found' using errcode = '42501';
  end if;
  if create_share_link.portfolio_id is not null and not exists (
    select 1 from public.portfolios p where p.id = create_share_link.portfolio_id and p.user_id = me
  ) then
    raise exception 'portfolio not found' using errcode = '42501';
  end if;
  if create_share_link.expires_at is not null and create_share_link.expires_at <= now() then
    raise exception 'the expiry must be in the future' using errcode = '22023';
  end if;
  if password is not null and password <> '' and char_length(password) < 4 then
    raise exception 'the password needs at least 4 characters' using errcode = '22023';
  end if;
  insert into public.share_links (user_id, document_id, portfolio_id, label, expires_at, max_views, allow_download)
  values (
    me,
    create_share_link.document_id,
    create_share_link.portfolio_id,
    coalesce(btrim(create_share_link.label), ''),
    create_share_link.expires_at,
    create_share_link.max_views,
    coalesce(create_share_link.allow_download, true)
  )
  returning share_links.id into new_id;
  insert into public.share_link_secrets (link_id, token_hash, password_hash)
  values (
    new_id,
    public.share_token_hash(new_token),
    case when password is null or password = '' then null else extensions.crypt(password, extensions.gen_salt('bf', 8)) end
  );
  return query select new_id, new_token;
end
$$;
revoke all on function public.create_share_link(uuid, uuid, timestamptz, text, integer, boolean, text) from public, anon;
grant execute on function public.create_share_link(uuid, uuid, timestamptz, text, integer, boolean, text) to authenticated;

/** Sets (or with null / '' removes) the password of one of the caller's links. */
create or replace function public.set_share_link_password(link_id uuid, password text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if password is not null and password <> '' and char_length(password) < 4 then
    raise exception 'the password needs at least 4 characters' using errcode = '22023';
  end if;
  if not exists (select 1 from public.share_links l where l.id = link_id and l.user_id = auth.uid()) then
    raise exception 'link not found' using errcode = '42501';
  end if;
  update public.share_link_secrets s
     set password_hash = case when password is null or password = '' then null else extensions.crypt(password, extensions.gen_salt('bf', 8)) end,
         failed_attempts = 0,
         locked_until = null
   where s.link_id = set_share_link_password.link_id;
end
$$;
revoke all on function public.set_share_link_password(uuid, text) from public, anon;
grant execute on function public.set_share_link_password(uuid, text) to authenticated;

revoke all on function public.list_share_links(uuid, uuid) from public, anon;
grant execute on function public.list_share_links(uuid, uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------
-- Visitor functions: service_role only (the share-resolve Edge Function). Every answer is a small
-- JSON object whose status tells the visitor as little as possible.
-- ---------------------------------------------------------------------------------------------

/** Counts a failed lookup for a client key; true while the key is under 20 failures in 10 minutes. */
create or replace function public.share_note_failure(client_key text) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.share_rate_limits as r (client_key, window_start, failures)
  values (share_note_failure.client_key, now(), 1)
  on conflict on constraint share_rate_limits_pkey do update
    set failures = case when r.window_start < now() - interval '10 minutes' then 1 else r.failures + 1 end,
        window_start = case when r.window_start < now() - interval '10 minutes' then now() else r.window_start end;
$$;
revoke all on function public.share_note_failure(text) from public, anon, authenticated;

create or replace function public.share_is_limited(client_key text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.share_rate_limits r
     where r.client_key = share_is_limited.client_key
       and r.window_start >= now() - interval '10 minutes'
       and r.failures >= 20
  );
$$;
revoke all on function public.share_is_limited(text) from public, anon, authenticated;

/**
 * A visitor opens a link. Checks, in order: rate limit of the client key; the token; revoked, the
 * target trashed or gone ('unavailable'); expired ('expired'); used up ('unavailable'); the password
 * (per-link lock after 5 wrong ones). A wrong password and an unknown token given with a password
 * answer the same 'password_invalid'. Success counts one view exactly (the row is locked), starts a
 * 30-minute visit and answers what the visitor may see: names, types and sizes only.
 */
create or replace function public.share_open(token text, password text default null, client text default '', client_key text default '')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.share_links%rowtype;
  secret public.share_link_secrets%rowtype;
  visit_token text;
  docs jsonb;
  title text;
  description text := '';
  visitor_client text := left(coalesce(client, ''), 60);
begin
  if share_open.client_key <> '' and public.share_is_limited(share_open.client_key) then
    return jsonb_build_object('status', 'rate_limited');
  end if;
  if token is null or token !~ '^[A-Za-z0-9_-]{22,64}$' then
    if share_open.client_key <> '' then perform public.share_note_failure(share_open.client_key); end if;
    return jsonb_build_object('status', case when password is not null then 'password_invalid' else 'unavailable' end);
  end if;

  select * into secret from public.share_link_secrets s where s.token_hash = public.share_token_hash(token) for update;
  if found then
    select * into link from public.share_links l where l.id = secret.link_id for update;
  end if;
  if not found then
    if share_open.client_key <> '' then perform public.share_note_failure(share_open.client_key); end if;
    return jsonb_build_object('status', case when password is not null then 'password_invalid' else 'unavailable' end);
  end if;

  if link.revoked_at is not null
     or (link.document_id is not null and not exists (
           select 1 from public.documents d where d.id = link.document_id and d.user_id = link.user_id and d.deleted_at is null)) then
    return jsonb_build_object('status', 'unavailable');
  end if;
  if link.expires_at is not null and link.expires_at <= now() then
    return jsonb_build_object('status', 'expired');
  end if;
  if link.max_views is not null and link.view_count >= link.max_views then
    return jsonb_build_object('status', 'unavailable');
  end if;

  if secret.password_hash is not null then
    if secret.locked_until is not null and secret.locked_until > now() then
      return jsonb_build_object('status', 'rate_limited');
    end if;
    if password is null or password = '' then
      return jsonb_build_object('status', 'password_required');
    end if;
    if extensions.crypt(password, secret.password_hash) <> secret.password_hash then
      update public.share_link_secrets s
         set failed_attempts = case when secret.failed_attempts + 1 >= 5 then 0 else secret.failed_attempts + 1 end,
             locked_until = case when secret.failed_attempts + 1 >= 5 then now() + interval '15 minutes' else s.locked_until end
       where s.link_id = link.id;
      if share_open.client_key <> '' then perform public.share_note_failure(share_open.client_key); end if;
      return jsonb_build_object('status', 'password_invalid');
    end if;
  end if;

  update public.share_links l set view_count = l.view_count + 1 where l.id = link.id;
  update public.share_link_secrets s set failed_attempts = 0, locked_until = null where s.link_id = link.id and s.failed_attempts > 0;

  visit_token := public.share_new_token();
  insert into public.share_visits (token_hash, link_id, client, expires_at)
  values (public.share_token_hash(visit_token), link.id, visitor_client, now() + interval '30 minutes');
  insert into public.share_views (link_id, document_id, kind, client) values (link.id, link.document_id, 'open', visitor_client);
  delete from public.share_visits v where v.expires_at < now() - interval '1 day';

  if link.document_id is not null then
    select d.name into title from public.documents d where d.id = link.document_id;
    select jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'mime_type', d.mime_type, 'size', d.size))
      into docs from public.documents d where d.id = link.document_id;
  else
    select p.name, p.description into title, description from public.portfolios p where p.id = link.portfolio_id;
    select coalesce(jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'mime_type', d.mime_type, 'size', d.size) order by d.name), '[]'::jsonb)
      into docs
      from public.documents d
     where d.portfolio_id = link.portfolio_id and d.user_id = link.user_id and d.deleted_at is null;
  end if;

  return jsonb_build_object(
    'status', 'ok',
    'visit', visit_token,
    'kind', case when link.document_id is not null then 'document' else 'portfolio' end,
    'title', title,
    'description', coalesce(description, ''),
    'allow_download', link.allow_download,
    'expires_at', link.expires_at,
    'documents', docs
  );
end
$$;
revoke all on function public.share_open(text, text, text, text) from public, anon, authenticated;
grant execute on function public.share_open(text, text, text, text) to service_role;

/**
 * A file of an opened visit: checked again at every request (the link not revoked or expired since,
 * the document still live and still in the shared portfolio, download allowed). Answers the
 * storage path for the Edge Function to sign, and logs the preview or download.
 */
create or replace function public.share_file(visit text, document_id uuid, purpose text default 'preview')
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  link public.share_links%rowtype;
  visitor_client text;
  doc record;
begin
  if visit is null or visit !~ '^[A-Za-z0-9_-]{22,64}$' or purpose not in ('preview', 'download') then
    return jsonb_build_object('status', 'unavailable');
  end if;
  select l.* into link
    from public.share_visits v join public.share_links l on l.id = v.link_id
   where v.token_hash = public.share_token_hash(visit) and v.expires_at > now();
  if not found then
    return jsonb_build_object('status', 'unavailable');
  end if;
  select v.client into visitor_client from public.share_visits v where v.token_hash = public.share_token_hash(visit);
  if link.revoked_at is not null then
    return jsonb_build_object('status', 'unavailable');
  end if;
  if link.expires_at is not null and link.expires_at <= now() then
    return jsonb_build_object('status', 'expired');
  end if;
  if purpose = 'download' and not link.allow_download then
    return jsonb_build_object('status', 'forbidden');
  end if;
  select d.id, d.storage_path, d.name, d.mime_type into doc
    from public.documents d
   where d.id = share_file.document_id
     and d.user_id = link.user_id
     and d.deleted_at is null
     and (d.id = link.document_id or (link.portfolio_id is not null and d.portfolio_id = link.portfolio_id));
  if not found then
    return jsonb_build_object('status', 'unavailable');
  end if;
  insert into public.share_views (link_id, document_id, kind, client) values (link.id, doc.id, purpose, coalesce(visitor_client, ''));
  return jsonb_build_object('status', 'ok', 'storage_path', doc.storage_path, 'name', doc.name, 'mime_type', doc.mime_type);
end
$$;
revoke all on function public.share_file(text, uuid, text) from public, anon, authenticated;
grant execute on function public.share_file(text, uuid, text) to service_role;
