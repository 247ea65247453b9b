-- Search folds accents (docs/decisions/0480): "zoe" finds "Passport scan – Zoë (2026).pdf",
-- "resume" finds a text that says "Résumé", and "zoë" still finds both.
--
-- People type without accents (a phone keyboard needs a long press for ë); names and texts keep
-- theirs. Every vector and every query was built with the 'english' configuration, which keeps
-- "zoë" as the lexeme 'zoë': only the accented spelling matched. Now:
-- 1. `unaccent` (contrib; on hosted Supabase in the `extensions` schema, as pgcrypto is) and
--    `public.fold_accents(text)`: unaccent with its dictionary named, so IMMUTABLE (unaccent(text)
--    is STABLE: it looks the dictionary up by search_path).
-- 2. `public.dossier_search`: a copy of pg_catalog.english whose non-ASCII words go through the
--    unaccent dictionary before the stemmer ('Résumé' → 'resume' → 'resum', as 'resume' is).
--    asciiword and asciihword carry no accents: unchanged, so vectors of ASCII text are identical.
-- 3. Every use of 'english' in the live search switches to it: documents.search (a generated
--    column: PostgreSQL 15 cannot change its expression, so it is dropped and added again, which
--    recomputes every row, with its GIN index), the trigger that keeps document_search_leads and
--    document_search_champions, search_terms and search_documents (query, stems, candidates,
--    name tier, snippet). search_terms folds the name prefix being typed ('zoë':*A would never
--    meet the lexeme 'zoe'), and the snippet's window also finds a stem in the folded text.
-- 4. The side tables are recomputed for existing documents (the trigger does not fire for the
--    column's rewrite).
-- Function bodies are those of 20261127100000 / 20261126000100, changed only where said.

-- 1. Folding ------------------------------------------------------------------------------------
create extension if not exists unaccent with schema extensions;

create or replace function public.fold_accents(value text)
returns text
language sql
immutable
strict
parallel safe
set search_path = ''
as $$
  select extensions.unaccent('extensions.unaccent'::regdictionary, value)
$$;

-- 2. The configuration ---------------------------------------------------------------------------
do $$
begin
  if not exists (select 1 from pg_catalog.pg_ts_config c join pg_catalog.pg_namespace n on n.oid = c.cfgnamespace
                  where n.nspname = 'public' and c.cfgname = 'dossier_search') then
    create text search configuration public.dossier_search (copy = pg_catalog.english);
  end if;
end
$$;
-- Words with letters outside ASCII: folded, then stemmed as English. Mixed letters and digits
-- ("zoë2026"): folded, then kept whole as english keeps them (simple).
alter text search configuration public.dossier_search
  alter mapping for word, hword, hword_part with extensions.unaccent, pg_catalog.english_stem;
alter text search configuration public.dossier_search
  alter mapping for numword, numhword, hword_numpart with extensions.unaccent, pg_catalog.simple;

-- 3. The vectors: documents.search, with the same parts and weights as in 20261121235900 ---------
drop index if exists public.documents_search_idx;
alter table public.documents drop column if exists search;
alter table public.documents add column search tsvector generated always as (
  -- File names split on dots, dashes and underscores: 'invoice_march.pdf' is found by 'march'.
  setweight(to_tsvector('public.dossier_search'::regconfig, regexp_replace(coalesce(name, ''), '[._-]+', ' ', 'g')), 'A')
  || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(tag_names, '')), 'B')
  || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(notes, '')), 'C')
  || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(extracted_text, '')), 'D')
) stored;
create index documents_search_idx on public.documents using gin (search);

-- The side tables' trigger (moved to `private` by 20261127900100; it fires by oid).
create or replace function private.documents_search_lead_refresh() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  head_vector tsvector := setweight(to_tsvector('public.dossier_search'::regconfig, regexp_replace(coalesce(new.name, ''), '[._-]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(new.tag_names, '')), 'B')
    || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(new.notes, '')), 'C');
  champions record;
begin
  insert into public.document_search_leads as s (document_id, user_id, trashed, created_at, head, lead)
  values (new.id, new.user_id, new.deleted_at is not null, new.created_at, head_vector,
          head_vector || setweight(to_tsvector('public.dossier_search'::regconfig, left(coalesce(new.extracted_text, ''), 400)), 'D'))
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

-- 4. Existing documents: their leads and champions from the new vectors.
update public.document_search_leads s
   set head = h.head,
       lead = h.head || setweight(to_tsvector('public.dossier_search'::regconfig, left(coalesce(d.extracted_text, ''), 400)), 'D')
  from public.documents d
 cross join lateral (
   select setweight(to_tsvector('public.dossier_search'::regconfig, regexp_replace(coalesce(d.name, ''), '[._-]+', ' ', 'g')), 'A')
       || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(d.tag_names, '')), 'B')
       || setweight(to_tsvector('public.dossier_search'::regconfig, coalesce(d.notes, '')), 'C') as head
 ) h
 where s.document_id = d.id;

update public.document_search_champions c
   set positions = x.positions, terms = x.terms, pairs = x.pairs
  from public.documents d
 cross join lateral public.document_search_champions_of(coalesce(d.search, ''::tsvector)) x
 where c.document_id = d.id;

-- The query side --------------------------------------------------------------------------------
create or replace function public.search_terms(query text, out ts tsquery, out normal text, out prefix text)
language plpgsql
immutable
parallel safe
set search_path = ''
as $$
declare
  typed text := coalesce(query, '');
  last_word text;
  last_stem text;
  base text;
  folded text;
begin
  -- Quoted phrases and negations are the person's own syntax: left as they are.
  if position('"' in typed) = 0 then
    select string_agg(case when w ~ '^[[:alnum:]]+([._-]+[[:alnum:]]+)+[._-]*$'
                           then '"' || btrim(regexp_replace(w, '[._-]+', ' ', 'g')) || '"'
                           else w end, ' ' order by n)
      into normal
      from regexp_split_to_table(btrim(typed), '\s+') with ordinality as t(w, n);
  end if;
  normal := coalesce(normal, typed);
  ts := websearch_to_tsquery('public.dossier_search'::regconfig, normal);
  -- The word being typed: no space after it, not negated, long enough to narrow the names.
  -- Folded as the names are indexed ('zoë' → 'zoe'): a prefix is compared with indexed lexemes.
  folded := lower(public.fold_accents(typed));
  last_word := substring(folded from '(?:^|[\s._"-])([[:alnum:]]{3,})$');
  if last_word is not null and folded !~ ('(^|\s)-' || last_word || '$') then
    last_stem := (tsvector_to_array(to_tsvector('public.dossier_search'::regconfig, last_word)))[1];
    base := ts::text;
    prefix := format('%L', last_word) || ':*A';
    if numnode(ts) = 0 then
      ts := prefix::tsquery;
    elsif last_stem is not null and base like ('%' || format('%L', last_stem)) then
      -- "car insur" → 'car' & ( 'insur' | 'insur':*A ): the query's last term or a name word it
      -- begins. The operator above stays AND (or phrase), so ts_rank still weighs proximity.
      ts := (left(base, length(base) - length(format('%L', last_stem)))
             || '( ' || format('%L', last_stem) || ' | ' || prefix || ' )')::tsquery;
    else
      prefix := null; -- the last word is not the query's last term (a stop word, say): no prefix
    end if;
  end if;
end
$$;

-- The snippet's window: the stems are looked for in the text as written, then in the text folded
-- (unaccent can lengthen it — 'æ' → 'ae' — by a little: the window starts 80 characters early).
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
          from (select greatest(1, coalesce(
                         (select min(nullif(strpos(lower(left(body, 100000)), s), 0)) from unnest(stems) s),
                         -- No stem as written: they are folded ('resum'), so look in the folded text,
                         -- folded once (≈1 ms per 100,000 characters) and only then.
                         (with f as materialized (select lower(public.fold_accents(left(body, 100000))) as text)
                          select min(nullif(strpos(f.text, s), 0)) from f, unnest(stems) s),
                         1) - 80) as start) w
      )
    end)
$$;

-- The function: as in 20261127100000 (in `private` since 20261127900100; the public wrapper calls it).
create or replace function private.search_documents(
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
  terms record;
  plain_filters boolean := category_ids is null and tag_ids is null and portfolio_ids is null and mime_types is null
                           and added_from is null and added_to is null;
  headline_options text := 'StartSel=' || chr(57344) || ', StopSel=' || chr(57345)
    || ', MaxFragments=2, MaxWords=18, MinWords=6, FragmentDelimiter=" … "';
begin
  if caller is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;

  if nullif(btrim(coalesce(query, '')), '') is not null then
    -- File names as shown and a prefix of the name being typed (search_terms, ADR 0271).
    terms := public.search_terms(query);
    ts := terms.ts;
    -- Only stop words ("the", "and"): nothing can match; answer empty rather than everything.
    if ts is null or numnode(ts) = 0 then
      return;
    end if;
    filters := filters || ' and d.search @@ $1';
    -- The query's stems: the champion pairs to look up, and where the snippet's window starts.
    stems := array(select distinct lexeme from unnest(tsvector_to_array(to_tsvector('public.dossier_search'::regconfig, terms.normal))) as lexeme order by 1);
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
      from unnest(tsvector_to_array(to_tsvector('public.dossier_search'::regconfig, terms.normal))) as lexeme;
    -- A name being typed is a candidate too (its prefix is in the head: the name has weight A).
    if terms.prefix is not null then
      any_word := case when any_word is null then terms.prefix::tsquery else any_word || terms.prefix::tsquery end;
    end if;
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
                else nullif(ts_headline('public.dossier_search'::regconfig,
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
    -- A document whose name matches ranks above those that only mention the words elsewhere:
    -- ts_rank is below 1, the name tier adds 1. The name's vector is built as documents.search
    -- builds its weight-A part (a short name: microseconds; ts_filter of search would copy the text).
    case when ts is null then '0::real'
         else 'ts_rank(d.search, $1, 1) + case when setweight(to_tsvector(''public.dossier_search''::regconfig, regexp_replace(d.name, ''[._-]+'', '' '', ''g'')), ''A'') @@ $1 then 1::real else 0::real end' end,
    filters,
    ordering,
    ordering
  )
  using ts, category_ids, tag_ids, portfolio_ids, mime_types, added_from, added_to,
        safe_limit, safe_offset, headline_options, caller, total, any_word, head_cap, head_ids, stems;
end
$$;
