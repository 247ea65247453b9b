-- A link's name was private until issue 22 (the share dialog called it "Name for you"); now the
-- visitor's page is headed by it and the dialog says so ("Shown to whoever opens the link"). A
-- name typed under the old promise ("Accountant", "ex-landlord") must not start showing to
-- visitors: links that exist when this runs keep their names private, links made from now on
-- show theirs. The owner still sees every name in their own list.
alter table public.share_links add column label_shown_to_visitors boolean not null default false;
alter table public.share_links alter column label_shown_to_visitors set default true;

create or replace function public.share_visit_extras(visit text)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'label', case when l.label_shown_to_visitors then coalesce(l.label, '') else '' end,
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
