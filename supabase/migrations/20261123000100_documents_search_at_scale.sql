-- Documents area (issue 8 §7): search_documents fast at 100,000 documents (docs/decisions/0040).
--
-- A common word matches most documents; ranking every match before taking 50 cost 1.4–3 s at
-- 100,000 documents on PostgreSQL (each match's search vector is fetched from the TOAST table).
--
-- Relevance ranking now looks at the name, tags and notes first. `search_head` is the part of the
-- search vector made of those (weights A, B, C: the same positions as in `search`), with its
-- own small GIN index; `search_lead` adds the first 400 characters of the text, whose words
-- are the only ones close enough to the name to weigh in ts_rank's proximity. When more than
-- 200 documents carry a word of the query in their name, tags or notes (the query is common),
-- the function ranks only those: the 200 best by ts_rank over search_lead (small vectors, in
-- the row), keeps those that match the whole query, and orders them by the exact rank. A word
-- in the name weighs ten times one in the text (A = 1.0, D = 0.1), so documents that carry
-- the query only in their text rank below these; the search-quality test compares the top 50
-- with the exact ranking on the same data. Otherwise (fewer candidates: a selective query) the
-- function ranks every match exactly as before, so selective results are identical.
-- For a common query the total is the number of candidates that match (at most 200).
--
-- Everything else (SECURITY DEFINER scoped to auth.uid(), filters, sorts, snippet, paging) is
-- as in 20261121235902 (ADR 0025).

alter table public.documents add column if not exists search_head tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(name, ''), '[._-]+', ' ', 'g')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce(notes, '')), 'C')
) stored;

alter table public.documents add column if not exists search_lead tsvector generated always as (
  setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(name, ''), '[._-]+', ' ', 'g')), 'A')
  || setweight(to_tsvector('english'::regconfig, coalesce(tag_names, '')), 'B')
  || setweight(to_tsvector('english'::regconfig, coalesce(notes, '')), 'C')
  || setweight(to_tsvector('english'::regconfig, left(coalesce(extracted_text, ''), 400)), 'D')
) stored;

-- Small vectors read for every candidate: kept in the row, never in the TOAST table.
alter table public.documents alter column search_head set storage main;
alter table public.documents alter column search_lead set storage main;

create index if not exists documents_search_head_idx on public.documents using gin (search_head);

-- The first page's total under a tag filter semi-joins the tagged rows with the person's live
-- documents: with (id, user_id) in a partial index that is an index-only scan instead of a pass
-- over the whole table (1,053 ms -> 105 ms at 100,000 documents, 10,000 tagged).
create index if not exists documents_live_id_user_idx on public.documents (id, user_id) where deleted_at is null;

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
      execute format(
        $sql$
        select array_agg(h.id), count(*)::integer
          from (select d.id
                  from public.documents d
                 where %s and d.search_head @@ $13
                 order by ts_rank(d.search_lead, $1) desc, d.created_at desc, d.id
                 limit $14) h
        $sql$,
        replace(filters, ' and d.search @@ $1', ''))
        into head_ids, head_rows
        using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
              safe_limit, safe_offset, headline_options, caller, null::bigint, any_word, head_cap;
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
