-- Documents area (issue 5): search_documents fast at 10,000 documents (docs/decisions/0025).
--
-- Under RLS the planner may not evaluate a non-leakproof operator such as tsvector @@ before the
-- policy's qual, so a SECURITY INVOKER search could never use the GIN index: every call scanned
-- all of the person's rows (≈350 ms at 10,000 documents on PostgreSQL). The function is therefore
-- SECURITY DEFINER with a fixed search_path, and does RLS's job itself: every statement is limited
-- to `user_id = auth.uid()` (the same condition as the policies) and it refuses a caller without a
-- user id. It only reads, and only the caller's own rows.
--
-- Also: the total is counted by a separate statement and only for the first page (offset 0; later
-- pages answer null and the client keeps the first page's total), so a browse page of 50 is an
-- index scan with a LIMIT instead of a window over every row; and the name sort has the index it uses.

create index if not exists documents_user_lower_name_idx on public.documents (user_id, lower(name)) where deleted_at is null;

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

  if safe_offset = 0 then
    execute format('select count(*) from public.documents d where %s', filters)
      into total
      using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
            safe_limit, safe_offset, headline_options, caller;
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
        safe_limit, safe_offset, headline_options, caller, total;
end
$$;

revoke all on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) from public, anon;
grant execute on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) to authenticated;
