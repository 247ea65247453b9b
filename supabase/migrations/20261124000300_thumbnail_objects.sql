-- Thumbnails (docs/decisions/0120-thumbnails-through-storage-render.md): a PDF's first page is
-- stored beside its file as `{user id}/{document id}/.thumbs/first-page.png`. A document's own
-- file has exactly three path segments, so the four-segment thumbnail key never clashes with one.
-- The orphan sweep keeps a thumbnail while its document exists and sweeps it once the document is
-- gone (deleting a document removes only its file; the thumbnail follows a day later).
create or replace function jobs.sweep_orphans(at timestamptz default now())
returns integer
language plpgsql
set search_path = ''
as $$
declare
  queued integer := 0;
begin
  if not pg_try_advisory_xact_lock(hashtext('dossier.jobs.sweep_orphans')) then
    return 0;
  end if;
  with orphans as (
    insert into jobs.object_deletions (bucket_id, name, reason)
    select o.bucket_id, o.name, 'orphan'
      from storage.objects o
     where o.bucket_id = 'documents'
       and o.created_at < at - interval '1 day'
       and not exists (select 1 from public.documents d where d.storage_path = o.name)
       and not exists (
         select 1 from public.documents d
          where o.name = d.user_id::text || '/' || d.id::text || '/.thumbs/first-page.png'
       )
     limit 5000
    on conflict (bucket_id, name) do nothing
    returning 1
  )
  select count(*) into queued from orphans;
  perform jobs.record_run('sweep-orphans', at, jsonb_build_object('queued', queued));
  return queued;
end
$$;
