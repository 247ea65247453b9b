-- Documents area (issue 5): documents, tags, document_tags and a minimal portfolios table.
-- RLS on every table: a person reaches only their own rows. Cross-row references (a document's
-- category, portfolio and tags) are checked in the policies too, because a foreign key alone would
-- let someone point their row at another person's category or tag.
-- Runs unchanged on hosted Supabase (PostgreSQL 15) and on the local stack (PGlite / PostgreSQL).

-- Portfolios belong to the portfolios area (a later issue); the documents area only needs a row to
-- point at, so this is the minimal shape and it never replaces a richer table created earlier.
create table if not exists public.portfolios (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);
create index if not exists portfolios_user_id_idx on public.portfolios (user_id);
alter table public.portfolios enable row level security;

do $$
begin
  if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = 'portfolios' and policyname = 'portfolios: own rows') then
    create policy "portfolios: own rows" on public.portfolios
      for all to authenticated
      using (user_id = auth.uid())
      with check (user_id = auth.uid());
  end if;
end
$$;

grant select, insert, update, delete on public.portfolios to authenticated;

-- Tags: names are unique per person regardless of case ("Tax" and "tax" are the same tag).
create table public.tags (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 50 and name = btrim(name)),
  color text not null default '#64748b' check (color ~ '^#[0-9a-fA-F]{6}$'),
  created_at timestamptz not null default now()
);
create unique index tags_user_id_lower_name_key on public.tags (user_id, lower(name));
alter table public.tags enable row level security;
create policy "tags: own rows" on public.tags
  for all to authenticated
  using (user_id = auth.uid())
  with check (user_id = auth.uid());
revoke all on public.tags from anon;
grant select, insert, update, delete on public.tags to authenticated;

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 255),
  category_id uuid references public.user_document_categories (id) on delete set null,
  portfolio_id uuid references public.portfolios (id) on delete set null,
  -- Always `{user_id}/{id}/{file name}`: the object key is derived from ids, never free input.
  storage_path text not null check (
    split_part(storage_path, '/', 1) = user_id::text
    and split_part(storage_path, '/', 2) = id::text
    and split_part(storage_path, '/', 3) <> ''
    and split_part(storage_path, '/', 4) = ''
    and storage_path not like '%..%'
  ),
  mime_type text not null,
  size bigint not null check (size >= 0),
  sha256 text check (sha256 ~ '^[0-9a-f]{64}$'),
  notes text check (char_length(notes) <= 10000),
  extracted_text text,
  -- Why extracted_text is empty: 'none' (no text layer or not a PDF), 'failed' (broken PDF),
  -- 'encrypted' (password-protected). Shown as a notice on the document.
  extraction_status text not null default 'none' check (extraction_status in ('done', 'none', 'failed', 'encrypted')),
  -- Tag names, kept by triggers on document_tags and tags, so the generated search vector can
  -- weigh them (a generated column may only read its own row).
  tag_names text not null default '',
  search tsvector generated always as (
    -- File names split on dots, dashes and underscores: 'invoice_march.pdf' is found by 'march'.
    setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(name, ''), '[._-]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(notes, '')), 'C')
    || setweight(to_tsvector('english'::regconfig, coalesce(extracted_text, '')), 'D')
  ) stored,
  source text not null default 'upload' check (source in ('upload', 'drive', 'share')),
  issued_on date,
  expires_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);

create index documents_search_idx on public.documents using gin (search);
-- The library's sorts over live documents (the trash is the only view of deleted ones).
create index documents_user_created_idx on public.documents (user_id, created_at desc) where deleted_at is null;
create index documents_user_name_idx on public.documents (user_id, name) where deleted_at is null;
create index documents_user_size_idx on public.documents (user_id, size) where deleted_at is null;
create index documents_user_expires_idx on public.documents (user_id, expires_on) where deleted_at is null;
create index documents_category_idx on public.documents (category_id);
create index documents_portfolio_idx on public.documents (portfolio_id);
create index documents_user_deleted_idx on public.documents (user_id, deleted_at) where deleted_at is not null;
-- Duplicate lookup at upload (a person may keep duplicates, so this is not unique).
create index documents_user_sha256_idx on public.documents (user_id, sha256);

alter table public.documents enable row level security;

create policy "documents: read own" on public.documents
  for select to authenticated
  using (user_id = auth.uid());

create policy "documents: insert own" on public.documents
  for insert to authenticated
  with check (
    user_id = auth.uid()
    and (category_id is null or exists (select 1 from public.user_document_categories c where c.id = category_id and c.user_id = auth.uid()))
    and (portfolio_id is null or exists (select 1 from public.portfolios p where p.id = portfolio_id and p.user_id = auth.uid()))
  );

create policy "documents: update own" on public.documents
  for update to authenticated
  using (user_id = auth.uid())
  with check (
    user_id = auth.uid()
    and (category_id is null or exists (select 1 from public.user_document_categories c where c.id = category_id and c.user_id = auth.uid()))
    and (portfolio_id is null or exists (select 1 from public.portfolios p where p.id = portfolio_id and p.user_id = auth.uid()))
  );

create policy "documents: delete own" on public.documents
  for delete to authenticated
  using (user_id = auth.uid());

-- The browser may change what a person edits; the file's identity (path, size, hash, owner) and
-- the trigger-kept tag_names are fixed at insert. Column grants only work once the table-wide
-- UPDATE (given by the default privileges) is taken back.
revoke all on public.documents from anon;
revoke update on public.documents from authenticated;
grant select, insert, delete on public.documents to authenticated;
grant update (name, category_id, portfolio_id, notes, extracted_text, extraction_status, issued_on, expires_on, deleted_at)
  on public.documents to authenticated;

create table public.document_tags (
  document_id uuid not null references public.documents (id) on delete cascade,
  tag_id uuid not null references public.tags (id) on delete cascade,
  primary key (document_id, tag_id)
);
create index document_tags_tag_id_idx on public.document_tags (tag_id);
alter table public.document_tags enable row level security;

-- A link is visible and writable only when the person owns both the document and the tag.
create policy "document_tags: own documents and tags" on public.document_tags
  for all to authenticated
  using (
    exists (select 1 from public.documents d where d.id = document_id and d.user_id = auth.uid())
    and exists (select 1 from public.tags t where t.id = tag_id and t.user_id = auth.uid())
  )
  with check (
    exists (select 1 from public.documents d where d.id = document_id and d.user_id = auth.uid())
    and exists (select 1 from public.tags t where t.id = tag_id and t.user_id = auth.uid())
  );
revoke all on public.document_tags from anon;
revoke update on public.document_tags from authenticated;
grant select, insert, delete on public.document_tags to authenticated;

-- updated_at follows every change.
create or replace function public.documents_touch_updated_at() returns trigger
language plpgsql
set search_path = public, pg_temp
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger documents_touch_updated_at
  before update on public.documents
  for each row execute function public.documents_touch_updated_at();

-- Keeps documents.tag_names in step with document_tags and tag renames. SECURITY DEFINER because
-- the browser role may not write tag_names itself; it only ever recomputes from rows the caller
-- was allowed to change (the policies above checked them).
create or replace function public.documents_refresh_tag_names(target uuid) returns void
language sql
security definer
set search_path = public, pg_temp
as $$
  update public.documents d
     set tag_names = coalesce((
       select string_agg(t.name, ' ' order by t.name)
         from public.document_tags dt
         join public.tags t on t.id = dt.tag_id
        where dt.document_id = target
     ), '')
   where d.id = target;
$$;
revoke all on function public.documents_refresh_tag_names(uuid) from public, anon, authenticated;

create or replace function public.document_tags_changed() returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
begin
  if tg_op = 'DELETE' then
    perform public.documents_refresh_tag_names(old.document_id);
    return old;
  end if;
  perform public.documents_refresh_tag_names(new.document_id);
  return new;
end
$$;

create trigger document_tags_changed
  after insert or delete on public.document_tags
  for each row execute function public.document_tags_changed();

create or replace function public.tags_renamed() returns trigger
language plpgsql
security definer
set search_path = public, pg_temp
as $$
declare
  doc uuid;
begin
  for doc in select document_id from public.document_tags where tag_id = new.id loop
    perform public.documents_refresh_tag_names(doc);
  end loop;
  return new;
end
$$;

create trigger tags_renamed
  after update of name on public.tags
  for each row when (old.name is distinct from new.name)
  execute function public.tags_renamed();
