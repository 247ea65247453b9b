-- Issue 22 §4: a shared page shows thumbnails and the owner's name for the link.
--
-- share_open answers names, types and sizes only, and share-resolve passes that answer to the
-- anonymous visitor as it is, so storage keys never go there. This second answer is for the Edge
-- Function alone (service_role): for a live visit it gives the link's label and, for each shared
-- document that has one, the stored image its thumbnail is drawn from — an image itself, or a PDF's
-- first page beside its file (ADR 0120) — which the function signs for a few minutes, resized, and
-- hands on as a URL. The same checks as share_file: the visit unexpired, the link neither revoked
-- nor expired, the document live and still in what the link shares. It logs nothing: a thumbnail
-- is not a view of the file.
create or replace function public.share_visit_extras(visit text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'label', l.label,
    'thumbnails', coalesce((
      select jsonb_agg(jsonb_build_object('id', d.id, 'source', s.source) order by d.name)
        from public.documents d
       cross join lateral (
         select case
                  when d.mime_type in ('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif') then d.storage_path
                  when d.mime_type = 'application/pdf'
                    then split_part(d.storage_path, '/', 1) || '/' || split_part(d.storage_path, '/', 2) || '/.thumbs/first-page.png'
                end as source
       ) s
       where d.user_id = l.user_id
         and d.deleted_at is null
         and (d.id = l.document_id or (l.portfolio_id is not null and d.portfolio_id = l.portfolio_id))
         and s.source is not null
         and exists (select 1 from storage.objects o where o.bucket_id = 'documents' and o.name = s.source)
    ), '[]'::jsonb)
  )
    from public.share_visits v
    join public.share_links l on l.id = v.link_id
   where share_visit_extras.visit ~ '^[A-Za-z0-9_-]{22,64}$'
     and v.token_hash = public.share_token_hash(share_visit_extras.visit)
     and v.expires_at > now()
     and l.revoked_at is null
     and (l.expires_at is null or l.expires_at > now())
$$;
revoke all on function public.share_visit_extras(text) from public, anon, authenticated;
grant execute on function public.share_visit_extras(text) to service_role;
