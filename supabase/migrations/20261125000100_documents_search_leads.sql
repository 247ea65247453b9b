-- Documents area (issue 8 §7): common-word searches rank their candidates in a narrow side table
-- (docs/decisions/0180).
--
-- ADR 0040 ranked the documents whose name, tags or notes carry a word of a common query by
-- ts_rank over `search_lead`, a generated column of the documents row. At 100,000 documents that
-- step alone took ~37 ms warm on an idle machine (4,736 candidates for "tax invoice"): every
-- candidate is a wide documents row (its extracted text is inline up to the TOAST threshold), and
-- deforming and ranking it costs more than the ranking itself. `document_search_leads` holds only
-- what ranking the candidates needs — document id, owner, trashed flag, created_at, the head
-- vector (name A, tags B, notes C; GIN-indexed) and the lead vector (the head plus the first 400
-- characters of the text as D), stored uncompressed (EXTERNAL) so ranking neither decompresses
-- nor detoasts small rows. A trigger on documents keeps it; the generated columns and their index
-- on documents go, so documents rows are narrower again. The function's contract is unchanged:
-- the 200 best candidates by the lead rank are re-ranked exactly by ts_rank(search, query, 1), and
-- a selective query (fewer than 200 candidates) ranks every match exactly, as before.

create table if not exists public.document_search_leads (
  document_id uuid primary key references public.documents (id) on delete cascade,
  user_id uuid not null,
  trashed boolean not null,
  created_at timestamptz not null,
  head tsvector not null,
  lead tsvector not null
);
-- Uncompressed and in the row while the row is small (notes can make it large: then TOAST).
alter table public.document_search_leads alter column head set storage external;
alter table public.document_search_leads alter column lead set storage external;
create index if not exists document_search_leads_head_idx on public.document_search_leads using gin (head);
create index if not exists document_search_leads_user_idx on public.document_search_leads (user_id);

-- Owner-only: a person may read their own rows (nothing in the app does); only the trigger writes.
alter table public.document_search_leads enable row level security;
revoke all on public.document_search_leads from public, anon, authenticated;
grant select on public.document_search_leads to authenticated;
drop policy if exists document_search_leads_owner_select on public.document_search_leads;
create policy document_search_leads_owner_select on public.document_search_leads
  for select to authenticated using (user_id = (select auth.uid()));

-- The vectors, from the same parts and weights as documents.search (20261121235900).
create or replace function public.documents_search_lead_refresh() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  head_vector tsvector := setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(new.name, ''), '[._-]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(new.tag_names, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(new.notes, '')), 'C');
begin
  insert into public.document_search_leads as s (document_id, user_id, trashed, created_at, head, lead)
  values (new.id, new.user_id, new.deleted_at is not null, new.created_at, head_vector,
          head_vector || setweight(to_tsvector('english'::regconfig, left(coalesce(new.extracted_text, ''), 400)), 'D'))
  on conflict (document_id) do update
    set user_id = excluded.user_id, trashed = excluded.trashed, created_at = excluded.created_at,
        head = excluded.head, lead = excluded.lead;
  return null;
end
$$;
revoke all on function public.documents_search_lead_refresh() from public, anon, authenticated;

drop trigger if exists documents_search_lead_insert on public.documents;
create trigger documents_search_lead_insert after insert on public.documents
  for each row execute function public.documents_search_lead_refresh();
drop trigger if exists documents_search_lead_update on public.documents;
create trigger documents_search_lead_update
  after update of name, tag_names, notes, extracted_text, deleted_at, user_id, created_at on public.documents
  for each row execute function public.documents_search_lead_refresh();

-- Existing documents.
insert into public.document_search_leads (document_id, user_id, trashed, created_at, head, lead)
select d.id, d.user_id, d.deleted_at is not null, d.created_at, h.head,
       h.head || setweight(to_tsvector('english'::regconfig, left(coalesce(d.extracted_text, ''), 400)), 'D')
  from public.documents d
 cross join lateral (
   select setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(d.name, ''), '[._-]+', ' ', 'g')), 'A')
       || setweight(to_tsvector('english'::regconfig, coalesce(d.tag_names, '')), 'B')
       || setweight(to_tsvector('english'::regconfig, coalesce(d.notes, '')), 'C') as head
 ) h
on conflict (document_id) do nothing;

-- ADR 0040's columns on documents: replaced by the side table.
drop index if exists public.documents_search_head_idx;
alter table public.documents drop column if exists search_lead;
alter table public.documents drop column if exists search_head;

create or replace function public.search_documents(
  query text default null,
  category_ids uuid[] default null,
  tag_ids uuid[] default null,
  portfolio_ids uuid[] default null,
  mime_types text[] default null,
  added_from date default null,
  added_to date default null,
  trashed boolean default false,
  sort_by text default null,
  sort_desc boolean default null,
  page_limit integer default 50,
  page_offset integer default 0
)
returns table (
  id uuid,
  name text,
  category_id uuid,
  portfolio_id uuid,
  storage_path text,
  mime_type text,
  size bigint,
  sha256 text,
  notes text,
  extraction_status text,
  source text,
  issued_on date,
  expires_on date,
  created_at timestamptz,
  updated_at timestamptz,
  deleted_at timestamptz,
  document_tag_ids uuid[],
  rank real,
  snippet text,
  total_count bigint
)
language plpgsql
stable
security definer
set search_path = public, pg_temp
as $$
declare
  caller uuid := auth.uid();
  ts tsquery;
  filters text := 'd.user_id = $11';
  ordering text;
  direction text;
  sort_key text := lower(coalesce(sort_by, ''));
  total bigint;
  safe_limit integer := least(greatest(coalesce(page_limit, 50), 1), 200);
  safe_offset integer := greatest(coalesce(page_offset, 0), 0);
  -- Candidates ranked exactly when the query is common (see the header).
  head_cap constant integer := 200;
  any_word tsquery;
  head_ids uuid[];
  head_rows integer := 0;
  headline_options text := 'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
    || ', MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "';
begin
  if caller is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;

  if nullif(btrim(coalesce(query, '')), '') is not null then
    ts := websearch_to_tsquery('english'::regconfig, query);
    -- Only stop words ("the", "and"): nothing can match; answer empty rather than everything.
    if numnode(ts) = 0 then
      return;
    end if;
    filters := filters || ' and d.search @@ $1';
  end if;

  filters := filters || case when coalesce(trashed, false) then ' and d.deleted_at is not null' else ' and d.deleted_at is null' end;
  if category_ids is not null then filters := filters || ' and d.category_id = any($2)'; end if;
  if tag_ids is not null then
    filters := filters || ' and exists (select 1 from public.document_tags dt where dt.document_id = d.id and dt.tag_id = any($3))';
  end if;
  if portfolio_ids is not null then filters := filters || ' and d.portfolio_id = any($4)'; end if;
  if mime_types is not null then filters := filters || ' and d.mime_type = any($5)'; end if;
  if added_from is not null then filters := filters || ' and d.created_at >= $6::timestamptz'; end if;
  if added_to is not null then filters := filters || ' and d.created_at < ($7 + 1)::timestamptz'; end if;

  if sort_key not in ('relevance', 'name', 'created', 'size', 'expiry') then
    sort_key := case when ts is null then 'created' else 'relevance' end;
  end if;
  if sort_key = 'relevance' and ts is null then sort_key := 'created'; end if;
  direction := case
    when sort_desc is null then case when sort_key in ('created', 'relevance', 'size') then 'desc' else 'asc' end
    when sort_desc then 'desc'
    else 'asc'
  end;
  ordering := case sort_key
    when 'relevance' then format('rank %s, created_at desc, id', direction)
    when 'name' then format('lower(name) %s, id', direction)
    when 'size' then format('size %s, id', direction)
    when 'expiry' then format('expires_on %s nulls last, id', direction)
    else format('created_at %s, id', direction)
  end;

  -- A common query: rank the documents that carry one of its words in name, tags or notes.
  if ts is not null and sort_key = 'relevance' and position('!' in ts::text) = 0 then
    select string_agg(format('%L', lexeme), ' | ')::tsquery
      into any_word
      from unnest(tsvector_to_array(to_tsvector('english'::regconfig, query))) as lexeme;
    if any_word is not null then
      -- Candidates from the side table; other filters (category, tags, …) through the document.
      execute format(
        $sql$
        select array_agg(h.document_id), count(*)::integer
          from (select s.document_id
                  from public.document_search_leads s
                 where s.user_id = $11 and s.trashed = $16 and s.head @@ $13 %s
                 order by ts_rank(s.lead, $1) desc, s.created_at desc, s.document_id
                 limit $14) h
        $sql$,
        case when category_ids is null and tag_ids is null and portfolio_ids is null and mime_types is null
                  and added_from is null and added_to is null then ''
             else format('and exists (select 1 from public.documents d where d.id = s.document_id and %s)',
                         replace(filters, ' and d.search @@ $1', ''))
        end)
        into head_ids, head_rows
        using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
              safe_limit, safe_offset, headline_options, caller, null::bigint, any_word, head_cap,
              null::uuid[], coalesce(trashed, false);
      if head_rows >= head_cap then
        filters := filters || ' and d.id = any($15)';
      end if;
    end if;
  end if;

  if safe_offset = 0 then
    execute format('select count(*) from public.documents d where %s', filters)
      into total
      using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
            safe_limit, safe_offset, headline_options, caller, null::bigint, any_word, head_cap, head_ids;
  end if;

  return query execute format(
    $sql$
    select m.id, m.name, m.category_id, m.portfolio_id, m.storage_path, m.mime_type, m.size, m.sha256,
           m.notes, m.extraction_status, m.source, m.issued_on, m.expires_on, m.created_at, m.updated_at,
           m.deleted_at,
           array(select dt.tag_id from public.document_tags dt where dt.document_id = m.id order by dt.tag_id),
           m.rank,
           case when $1 is null then null
                else nullif(ts_headline('english'::regconfig,
                                        concat_ws(' … ', m.notes, left(m.extracted_text, 100000)),
                                        $1, $10), '')
           end,
           $12::bigint
      from (
        select d.id, d.name, d.category_id, d.portfolio_id, d.storage_path, d.mime_type, d.size, d.sha256,
               d.notes, d.extracted_text, d.extraction_status, d.source, d.issued_on, d.expires_on,
               d.created_at, d.updated_at, d.deleted_at,
               %s as rank
          from public.documents d
         where %s
         order by %s
         limit $8 offset $9
      ) m
     order by %s
    $sql$,
    case when ts is null then '0::real' else 'ts_rank(d.search, $1, 1)' end,
    filters,
    ordering,
    ordering
  )
  using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
        safe_limit, safe_offset, headline_options, caller, total, any_word, head_cap, head_ids;
end
$$;

revoke all on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) from public, anon;
grant execute on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) to authenticated;
