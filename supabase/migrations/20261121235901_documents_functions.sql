-- Documents area (issue 5): the library's read functions and the multi-row writes that must be
-- atomic (category deletion, tag merge). All SECURITY INVOKER: RLS decides exactly as for a
-- direct REST call, and every statement also names auth.uid() so the planner can use the
-- (user_id, …) indexes.

-- Highlight markers of search snippets: Unicode private-use characters U+E000 / U+E001. They are
-- not HTML, so the UI splits on them and renders plain text nodes (never innerHTML).
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
security invoker
set search_path = public, pg_temp
as $$
declare
  ts tsquery;
  filters text := 'd.user_id = auth.uid()';
  ordering text;
  direction text;
  sort_key text := lower(coalesce(sort_by, ''));
  headline_options text := 'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
    || ', MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "';
begin
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
           m.total_count
      from (
        select d.id, d.name, d.category_id, d.portfolio_id, d.storage_path, d.mime_type, d.size, d.sha256,
               d.notes, d.extracted_text, d.extraction_status, d.source, d.issued_on, d.expires_on,
               d.created_at, d.updated_at, d.deleted_at,
               %s as rank,
               count(*) over () as total_count
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
        least(greatest(coalesce(page_limit, 50), 1), 200), greatest(coalesce(page_offset, 0), 0),
        headline_options;
end
$$;

revoke all on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) from public, anon;
grant execute on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) to authenticated;

-- The person's categories with how many live documents each holds.
create or replace function public.document_category_counts()
returns table (id uuid, name text, document_count bigint)
language sql
stable
security invoker
set search_path = public, pg_temp
as $$
  select c.id, c.name, count(d.id) as document_count
    from public.user_document_categories c
    left join public.documents d
      on d.category_id = c.id and d.deleted_at is null and d.user_id = auth.uid()
   where c.user_id = auth.uid()
   group by c.id, c.name
   order by c.name;
$$;
revoke all on function public.document_category_counts() from public, anon;
grant execute on function public.document_category_counts() to authenticated;

-- Tags with how many live documents carry each.
create or replace function public.tag_usage()
returns table (id uuid, name text, color text, created_at timestamptz, document_count bigint)
language sql
stable
security invoker
set search_path = public, pg_temp
as $$
  select t.id, t.name, t.color, t.created_at,
         (select count(*) from public.document_tags dt
            join public.documents d on d.id = dt.document_id and d.deleted_at is null
           where dt.tag_id = t.id) as document_count
    from public.tags t
   where t.user_id = auth.uid()
   order by lower(t.name);
$$;
revoke all on function public.tag_usage() from public, anon;
grant execute on function public.tag_usage() to authenticated;

-- Merge tags: every document carrying one of `source_ids` carries `target_id` afterwards, and the
-- source tags are gone. One call, one transaction.
create or replace function public.merge_tags(source_ids uuid[], target_id uuid)
returns void
language plpgsql
security invoker
set search_path = public, pg_temp
as $$
begin
  if not exists (select 1 from public.tags t where t.id = target_id and t.user_id = auth.uid()) then
    raise exception 'tag not found' using errcode = 'P0002';
  end if;
  insert into public.document_tags (document_id, tag_id)
  select distinct dt.document_id, target_id
    from public.document_tags dt
    join public.tags t on t.id = dt.tag_id and t.user_id = auth.uid()
   where dt.tag_id = any(source_ids) and dt.tag_id <> target_id
  on conflict do nothing;
  delete from public.tags t where t.id = any(source_ids) and t.id <> target_id and t.user_id = auth.uid();
end
$$;
revoke all on function public.merge_tags(uuid[], uuid) from public, anon;
grant execute on function public.merge_tags(uuid[], uuid) to authenticated;

-- Deleting a category moves its documents to the person's 'Miscellaneous' (created when missing)
-- in the same transaction, so no document is ever left pointing at nothing. Returns the id of
-- Miscellaneous. Miscellaneous itself cannot be deleted.
create or replace function public.delete_document_category(category_id uuid)
returns uuid
language plpgsql
security invoker
set search_path = public, pg_temp
as $$
declare
  misc uuid;
  target uuid := category_id;
begin
  if not exists (select 1 from public.user_document_categories c where c.id = target and c.user_id = auth.uid()) then
    raise exception 'category not found' using errcode = 'P0002';
  end if;
  select c.id into misc
    from public.user_document_categories c
   where c.user_id = auth.uid() and c.name = 'Miscellaneous'
   limit 1;
  if misc is null then
    insert into public.user_document_categories (user_id, name) values (auth.uid(), 'Miscellaneous') returning id into misc;
  end if;
  if misc = target then
    raise exception 'Miscellaneous cannot be deleted' using errcode = '22023';
  end if;
  update public.documents d set category_id = misc where d.category_id = target and d.user_id = auth.uid();
  delete from public.user_document_categories c where c.id = target and c.user_id = auth.uid();
  return misc;
end
$$;
revoke all on function public.delete_document_category(uuid) from public, anon;
grant execute on function public.delete_document_category(uuid) to authenticated;

-- Trash items older than the retention period, with the object keys the client removes from
-- storage BEFORE deleting the rows (objects first: a failure leaves a row to retry, never an
-- object nobody points at). Storage objects cannot be removed from SQL on hosted Supabase.
create or replace function public.expired_trash(retention_days integer default 30)
returns table (id uuid, storage_path text)
language sql
stable
security invoker
set search_path = public, pg_temp
as $$
  select d.id, d.storage_path
    from public.documents d
   where d.user_id = auth.uid()
     and d.deleted_at is not null
     and d.deleted_at < now() - make_interval(days => greatest(retention_days, 0))
   order by d.deleted_at
   limit 500;
$$;
revoke all on function public.expired_trash(integer) from public, anon;
grant execute on function public.expired_trash(integer) to authenticated;
