-- Documents area (issue 8 §7): champion lists for common searches, an exact tag count from the
-- link table, and snippets headlined from a window of the text (docs/decisions/0230).
--
-- 1. Champions (Manning, Raghavan & Schütze, "Introduction to Information Retrieval" §7.1.3).
--    ADR 0180 takes a common query's candidates only from documents whose name, tags or notes
--    carry a query word. At 100,000 documents the exact top 50 of "tax invoice" also holds
--    documents whose *text* puts the words next to each other many times, with neither in the
--    name: never candidates (top-50 overlap 33/50). ts_rank of an AND query sums, over every pair
--    of positions of two query words, a weight that falls fast with their distance (≈0.1 for
--    neighbours in the text, ≈0.04 ten words apart, nothing past ~20): a document ranks high when
--    its query words are frequent *and* near each other. `document_search_champions` keeps, per
--    document, its strongest lexemes — those occurring at least twice and at least as often as its
--    twelfth most frequent one (ties kept) — with all their positions and weights (`terms`), the
--    whole vector's position count, and `pairs`: for each two champions, a token "a b" when they
--    stand within 8 positions of each other at least 3 times (a biword index of the document's
--    strongest co-occurrences, GIN-indexed). For a common query of two or more words the function
--    takes the documents holding a pair of its words, ranks them exactly — ts_rank reads only the
--    query's lexemes, so ts_rank(terms, q, 0) / log2(positions + 1) is ts_rank(search, q, 1) — and
--    adds the best 60 to the best 100 head candidates (was 200); the union is re-ranked exactly.
-- 2. An exact count for a tag filter: `document_tags` carries its document's owner and trashed
--    flag (kept by triggers), so the total of a tag-filtered page is an index-only count of the
--    tag's links instead of a join over every one of the person's documents.
-- 3. Snippets: ts_headline parses (and stems) all it is given — ≈0.5 ms per 1.4 kB text. It now
--    gets the notes and a 480-character window of the text starting a little before the first
--    occurrence of a query word (found by strpos of the stems), instead of up to 100,000 characters.

-- 1. Champions ------------------------------------------------------------------------------------
create table if not exists public.document_search_champions (
  document_id uuid primary key references public.documents (id) on delete cascade,
  user_id uuid not null,
  trashed boolean not null,
  -- How many positions documents.search has (what ts_rank's normalisation 1 divides by, as log2(n + 1)).
  positions integer not null,
  terms tsvector not null,
  pairs tsvector not null
);
alter table public.document_search_champions alter column terms set storage external;
alter table public.document_search_champions alter column pairs set storage external;
create index if not exists document_search_champions_pairs_idx on public.document_search_champions using gin (pairs);
create index if not exists document_search_champions_user_idx on public.document_search_champions (user_id);

-- Owner-only: a person may read their own rows (nothing in the app does); only the trigger writes.
alter table public.document_search_champions enable row level security;
revoke all on public.document_search_champions from public, anon, authenticated;
grant select on public.document_search_champions to authenticated;
drop policy if exists document_search_champions_owner_select on public.document_search_champions;
create policy document_search_champions_owner_select on public.document_search_champions
  for select to authenticated using (user_id = (select auth.uid()));

-- A vector's champions (see the header), its position count (cnt_length in tsrank.c: a lexeme
-- without positions counts once) and the pairs of champions that often stand close together.
create or replace function public.document_search_champions_of(vector tsvector, out positions integer, out terms tsvector, out pairs tsvector)
language sql
immutable
parallel safe
set search_path = ''
as $$
  with lexemes as (
    select u.lexeme, u.positions as at, greatest(coalesce(array_length(u.positions, 1), 0), 1) as tf from unnest(vector) u
  ), cut as (
    select greatest(2, coalesce((select tf from lexemes order by tf desc offset 11 limit 1), 0)) as tf
  ), champions as (
    -- Every position of a champion, numbered in reading order: a position's neighbours within 8
    -- are among the next 8 numbers (hash joins on rn + k, not a comparison of every pair).
    select l.lexeme, p.position, row_number() over (order by p.position) as rn
      from lexemes l cross join cut cross join lateral unnest(l.at) as p(position)
     where l.tf >= cut.tf
  )
  select coalesce((select sum(tf)::integer from lexemes), 0),
         pg_catalog.ts_delete(vector, coalesce((select array_agg(l.lexeme) from lexemes l, cut where l.tf < cut.tf), '{}'::text[])),
         pg_catalog.array_to_tsvector(coalesce((
           select array_agg(pair)
             from (select least(a.lexeme, b.lexeme) || ' ' || greatest(a.lexeme, b.lexeme) as pair
                     from champions a
                     cross join generate_series(1, 8) as k(step)
                     join champions b on b.rn = a.rn + k.step
                    where b.position - a.position <= 8 and b.lexeme <> a.lexeme
                    group by 1
                   having count(*) >= 3) close_pairs
         ), '{}'::text[]))
$$;
revoke all on function public.document_search_champions_of(tsvector) from public, anon, authenticated;

-- Kept by the same trigger as document_search_leads (20261125000100), now writing both rows.
create or replace function public.documents_search_lead_refresh() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  head_vector tsvector := setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce(new.name, ''), '[._-]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(new.tag_names, '')), 'B')
    || setweight(to_tsvector('english'::regconfig, coalesce(new.notes, '')), 'C');
  champions record;
begin
  insert into public.document_search_leads as s (document_id, user_id, trashed, created_at, head, lead)
  values (new.id, new.user_id, new.deleted_at is not null, new.created_at, head_vector,
          head_vector || setweight(to_tsvector('english'::regconfig, left(coalesce(new.extracted_text, ''), 400)), 'D'))
  on conflict (document_id) do update
    set user_id = excluded.user_id, trashed = excluded.trashed, created_at = excluded.created_at,
        head = excluded.head, lead = excluded.lead;
  -- Trashing, restoring or handing over a document leaves its words as they are: only the flags.
  if tg_op = 'UPDATE' and new.search is not distinct from old.search then
    update public.document_search_champions
       set user_id = new.user_id, trashed = new.deleted_at is not null
     where document_id = new.id;
    if found then
      return null;
    end if;
  end if;
  champions := public.document_search_champions_of(coalesce(new.search, ''::tsvector));
  insert into public.document_search_champions as c (document_id, user_id, trashed, positions, terms, pairs)
  values (new.id, new.user_id, new.deleted_at is not null, champions.positions, champions.terms, champions.pairs)
  on conflict (document_id) do update
    set user_id = excluded.user_id, trashed = excluded.trashed, positions = excluded.positions,
        terms = excluded.terms, pairs = excluded.pairs;
  return null;
end
$$;
revoke all on function public.documents_search_lead_refresh() from public, anon, authenticated;

-- Existing documents.
insert into public.document_search_champions (document_id, user_id, trashed, positions, terms, pairs)
select d.id, d.user_id, d.deleted_at is not null, c.positions, c.terms, c.pairs
  from public.documents d
 cross join lateral public.document_search_champions_of(coalesce(d.search, ''::tsvector)) c
on conflict (document_id) do nothing;

-- 2. The tag filter's exact count -----------------------------------------------------------------
alter table public.document_tags add column if not exists document_user_id uuid;
alter table public.document_tags add column if not exists document_trashed boolean;

-- Always from the document, whatever a writer sends (nobody can file a link under someone else).
create or replace function public.document_tags_fill_document() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select d.user_id, d.deleted_at is not null
    into new.document_user_id, new.document_trashed
    from public.documents d
   where d.id = new.document_id;
  return new;
end
$$;
revoke all on function public.document_tags_fill_document() from public, anon, authenticated;
drop trigger if exists document_tags_fill_document on public.document_tags;
create trigger document_tags_fill_document before insert or update on public.document_tags
  for each row execute function public.document_tags_fill_document();

create or replace function public.documents_tags_follow() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.document_tags dt
     set document_user_id = new.user_id, document_trashed = new.deleted_at is not null
   where dt.document_id = new.id
     and (dt.document_user_id is distinct from new.user_id or dt.document_trashed is distinct from (new.deleted_at is not null));
  return null;
end
$$;
revoke all on function public.documents_tags_follow() from public, anon, authenticated;
drop trigger if exists documents_tags_follow on public.documents;
create trigger documents_tags_follow after update of deleted_at, user_id on public.documents
  for each row execute function public.documents_tags_follow();

update public.document_tags dt
   set document_user_id = d.user_id, document_trashed = d.deleted_at is not null
  from public.documents d
 where d.id = dt.document_id;
create index if not exists document_tags_tag_owner_idx
  on public.document_tags (tag_id, document_user_id, document_trashed, document_id);

-- 3. The snippet's source: the notes and a window of the text around the first query word --------
create or replace function public.search_snippet_source(notes text, body text, stems text[])
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select concat_ws(' … ', notes,
    case
      when body is null then null
      else (
        select case when w.start <= 1 then left(body, 480)
                    else regexp_replace(substr(body, w.start, 480), '^\S*\s+', '')
               end
          from (select greatest(1, coalesce(min(nullif(strpos(lower(left(body, 100000)), s), 0)), 1) - 80) as start
                  from unnest(stems) s) w
      )
    end)
$$;
revoke all on function public.search_snippet_source(text, text, text[]) from public, anon, authenticated;


-- The function: as in 20261125000100, plus the champion candidates, the tag count and the snippet window.
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
  head_cap constant integer := 100;
  any_word tsquery;
  head_ids uuid[];
  head_rows integer := 0;
  -- Champion candidates of a common query of two or more words (see the header).
  champion_cap constant integer := 60;
  champion_ids uuid[];
  stems text[];
  pair_query tsquery;
  through_document text;
  plain_filters boolean := category_ids is null and tag_ids is null and portfolio_ids is null and mime_types is null
                           and added_from is null and added_to is null;
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
    -- The query's stems: the champion pairs to look up, and where the snippet's window starts.
    stems := array(select distinct lexeme from unnest(tsvector_to_array(to_tsvector('english'::regconfig, query))) as lexeme order by 1);
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
      -- Candidates from the side tables (alias s); other filters (category, tags, …) through the document.
      through_document := case when plain_filters then ''
                               else format('and exists (select 1 from public.documents d where d.id = s.document_id and %s)',
                                           replace(filters, ' and d.search @@ $1', ''))
                          end;
      execute format(
        $sql$
        select array_agg(h.document_id), count(*)::integer
          from (select s.document_id
                  from public.document_search_leads s
                 where s.user_id = $11 and s.trashed = $16 and s.head @@ $13 %s
                 order by ts_rank(s.lead, $1) desc, s.created_at desc, s.document_id
                 limit $14) h
        $sql$,
        through_document)
        into head_ids, head_rows
        using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
              safe_limit, safe_offset, headline_options, caller, null::bigint, any_word, head_cap,
              null::uuid[], coalesce(trashed, false);
      if head_rows >= head_cap then
        -- Common: add the documents where two of the query's words are champions that often
        -- stand close together, best first by their exact rank (ts_rank over the champions,
        -- normalised by the whole vector's length as ts_rank(search, query, 1) does).
        select string_agg(format('%L', a || ' ' || b), ' | ')::tsquery
          into pair_query
          from unnest(stems[1:8]) a, unnest(stems[1:8]) b
         where a < b;
        if pair_query is not null then
          execute format(
            $sql$
            select array_agg(c.document_id)
              from (select s.document_id
                      from public.document_search_champions s
                     where s.pairs @@ $18 and s.user_id = $11 and s.trashed = $16 and s.terms @@ $1 %s
                     order by ts_rank(s.terms, $1, 0) / (ln(s.positions + 1.0::float8) / ln(2.0::float8)) desc, s.document_id
                     limit $17) c
            $sql$,
            through_document)
            into champion_ids
            using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
                  safe_limit, safe_offset, headline_options, caller, null::bigint, any_word, head_cap,
                  null::uuid[], coalesce(trashed, false), champion_cap, pair_query;
          head_ids := head_ids || coalesce(champion_ids, '{}'::uuid[]);
        end if;
        filters := filters || ' and d.id = any($15)';
      end if;
    end if;
  end if;

  if safe_offset = 0 and ts is null and tag_ids is not null and category_ids is null and portfolio_ids is null
     and mime_types is null and added_from is null and added_to is null then
    -- Only a tag filter: count the tags' links to the person's documents (an index-only scan).
    select count(distinct dt.document_id)
      into total
      from public.document_tags dt
     where dt.tag_id = any(tag_ids) and dt.document_user_id = caller and dt.document_trashed = coalesce(trashed, false);
  elsif safe_offset = 0 then
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
                                        public.search_snippet_source(m.notes, m.extracted_text, $16),
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
        safe_limit, safe_offset, headline_options, caller, total, any_word, head_cap, head_ids, stems;
end
$$;

revoke all on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) from public, anon;
grant execute on function public.search_documents(text, uuid[], uuid[], uuid[], text[], date, date, boolean, text, boolean, integer, integer) to authenticated;
