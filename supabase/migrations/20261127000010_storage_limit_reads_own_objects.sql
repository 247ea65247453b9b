-- The storage limit reads only the pool's own objects (ADR 0255).
--
-- enforce_storage_limit (a BEFORE INSERT trigger on storage.objects), stored_bytes_of and
-- stored_bytes_of_pool summed sizes with `(storage.foldername(o.name))[1] = <user>`: a predicate no
-- index can answer, so every upload scanned every object of every person in the bucket and split
-- each name. Measured on the local stack with only 400 objects in the bucket: 4.9 ms of the upload's
-- 5.9 ms object-row insert; it grows with the whole bucket, not with the uploader's library.
--
-- `name` starts with '<user>/' exactly when the first folder is <user> (the old predicate), so the
-- same sums become a range of the `name_prefix_search` index (name text_pattern_ops; Supabase
-- Storage creates it, and so does the local stack's bootstrap): '<user>/' ~<=~ name ~<~ '<user>0'
-- ('0' is the byte after '/'). The answers are unchanged; only what is read changes.

create or replace function public.owner_objects_bytes(owner_text text, except_name text default null) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0)::bigint
    from storage.objects o
   where o.bucket_id = 'documents'
     and o.name operator(pg_catalog.~>=~) (owner_text || '/')
     and o.name operator(pg_catalog.~<~) (owner_text || '0')
     and (except_name is null or o.name <> except_name)
$$;
revoke all on function public.owner_objects_bytes(text, text) from public, anon, authenticated;

create or replace function public.stored_bytes_of(target uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select public.owner_objects_bytes(target::text)
$$;
revoke all on function public.stored_bytes_of(uuid) from public, anon, authenticated;

create or replace function public.stored_bytes_of_pool(pool uuid[]) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(public.owner_objects_bytes(u::text)), 0)::bigint from unnest(pool) u
$$;
revoke all on function public.stored_bytes_of_pool(uuid[]) from public, anon, authenticated;

create or replace function public.enforce_storage_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_text text;
  owner_id uuid;
  p public.plans;
  pool uuid[];
  used bigint;
  incoming bigint;
  held bigint;
  hint_text text;
begin
  if new.bucket_id is distinct from 'documents' then
    return new;
  end if;
  owner_text := (storage.foldername(new.name))[1];
  if owner_text is null or owner_text !~ '^[0-9a-fA-F-]{36}$' then
    return new;
  end if;
  owner_id := owner_text::uuid;
  p := public.plan_of(owner_id);
  pool := public.plan_pool_of(owner_id);
  perform public.lock_plan_pool(pool);
  hint_text := case when cardinality(pool) > 1 then 'The limit is shared by your family. Delete documents and empty the trash, or ask the family''s owner.'
                    else 'Upgrade your plan in Settings, or delete documents and empty the trash.' end;
  incoming := coalesce((new.metadata ->> 'size')::bigint, 0);
  -- The object this one replaces (an upsert of the same name) does not count: its new size does.
  select coalesce(sum(public.owner_objects_bytes(u::text, new.name)), 0) into used from unnest(pool) u;
  if used + incoming > p.max_storage_bytes then
    raise exception 'Plan limit reached: the % plan stores up to % of files.', p.name, public.plan_size_text(p.max_storage_bytes)
      using errcode = 'P0001',
            detail = format('plan_limit:storage:%s:%s', p.id, p.max_storage_bytes),
            hint = hint_text;
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'documents' and o.name = new.name) then
    select count(*) into held from public.documents d where d.user_id = any (pool);
    if held >= p.max_documents then
      raise exception 'Plan limit reached: the % plan holds up to % documents.', p.name, p.max_documents
        using errcode = 'P0001',
              detail = format('plan_limit:documents:%s:%s', p.id, p.max_documents),
              hint = hint_text;
    end if;
  end if;
  return new;
end
$$;
revoke all on function public.enforce_storage_limit() from public, anon, authenticated;
