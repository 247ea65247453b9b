-- Document history (issue 13 §3, ADR 0102): every document's history, written by database
-- triggers (and by the transfer functions), so nothing a client does escapes it: uploaded or
-- imported (and from where), renamed, re-categorised, tagged and untagged, moved between
-- portfolios, trashed and restored, share links created, opened, downloaded and revoked,
-- transferred. Readable only by the document's current owner, and by the previous owner for the
-- transfer itself (public.document_events' policy, 20261124000100). The table is written only here.

-- One event, with who did it as they were known then ("Dossier" when no one is signed in: jobs,
-- share visitors are named by the kind).
create or replace function public.document_event(doc uuid, kind text, detail jsonb) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
begin
  if current_setting('dossier.history_off', true) = 'on' then
    return;
  end if;
  if not exists (select 1 from public.documents d where d.id = doc) then
    return; -- the document is being deleted (a cascade): nothing to add to its history
  end if;
  insert into public.document_events (document_id, actor_id, actor_email, kind, detail)
  values (doc, me, (select u.email from auth.users u where u.id = me), kind, detail);
end
$$;
revoke all on function public.document_event(uuid, text, jsonb) from public, anon, authenticated;

create or replace function public.documents_history_insert() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.document_event(new.id, case when new.source = 'drive' then 'imported' else 'uploaded' end,
    jsonb_build_object('name', new.name, 'from', case new.source when 'drive' then 'Google Drive' when 'share' then 'another app (share)' else 'this device' end,
                       'size', new.size));
  return null;
end
$$;
revoke all on function public.documents_history_insert() from public, anon, authenticated;

create or replace function public.documents_history_update() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.user_id is distinct from new.user_id then
    return null; -- a transfer writes its own event
  end if;
  if old.name is distinct from new.name then
    perform public.document_event(new.id, 'renamed', jsonb_build_object('name', new.name, 'from', old.name, 'to', new.name));
  end if;
  if old.category_id is distinct from new.category_id then
    perform public.document_event(new.id, 'recategorised', jsonb_build_object('name', new.name,
      'from', (select c.name from public.user_document_categories c where c.id = old.category_id),
      'to', (select c.name from public.user_document_categories c where c.id = new.category_id)));
  end if;
  if old.portfolio_id is distinct from new.portfolio_id then
    perform public.document_event(new.id, 'moved', jsonb_build_object('name', new.name,
      'from', (select p.name from public.portfolios p where p.id = old.portfolio_id),
      'to', (select p.name from public.portfolios p where p.id = new.portfolio_id)));
  end if;
  if old.deleted_at is null and new.deleted_at is not null then
    perform public.document_event(new.id, 'trashed', jsonb_build_object('name', new.name));
  elsif old.deleted_at is not null and new.deleted_at is null then
    perform public.document_event(new.id, 'restored', jsonb_build_object('name', new.name));
  end if;
  return null;
end
$$;
revoke all on function public.documents_history_update() from public, anon, authenticated;

create trigger documents_history_insert
  after insert on public.documents
  for each row execute function public.documents_history_insert();
create trigger documents_history_update
  after update of name, category_id, portfolio_id, deleted_at, user_id on public.documents
  for each row execute function public.documents_history_update();

create or replace function public.document_tags_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  link public.document_tags;
begin
  if tg_op = 'DELETE' then
    link := old;
  else
    link := new;
  end if;
  perform public.document_event(link.document_id, case when tg_op = 'DELETE' then 'untagged' else 'tagged' end,
    jsonb_build_object('name', (select d.name from public.documents d where d.id = link.document_id),
                       'tag', coalesce((select t.name from public.tags t where t.id = link.tag_id), 'a deleted tag')));
  return null;
end
$$;
revoke all on function public.document_tags_history() from public, anon, authenticated;
create trigger document_tags_history
  after insert or delete on public.document_tags
  for each row execute function public.document_tags_history();

create or replace function public.share_links_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.document_id is null then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform public.document_event(new.document_id, 'link_created', jsonb_build_object(
      'name', (select d.name from public.documents d where d.id = new.document_id),
      'label', new.label, 'expires_at', new.expires_at, 'max_views', new.max_views));
  elsif old.revoked_at is null and new.revoked_at is not null then
    perform public.document_event(new.document_id, 'link_revoked', jsonb_build_object(
      'name', (select d.name from public.documents d where d.id = new.document_id), 'label', new.label));
  end if;
  return null;
end
$$;
revoke all on function public.share_links_history() from public, anon, authenticated;
create trigger share_links_history
  after insert or update of revoked_at on public.share_links
  for each row execute function public.share_links_history();

-- A visitor of a link opened or downloaded the document (one event per visit, not per preview
-- request, so the history stays readable).
create or replace function public.share_views_history() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.document_id is null or new.kind not in ('open', 'download') then
    return null;
  end if;
  perform public.document_event(new.document_id, case when new.kind = 'open' then 'link_opened' else 'link_downloaded' end,
    jsonb_build_object('name', (select d.name from public.documents d where d.id = new.document_id), 'client', new.client));
  return null;
end
$$;
revoke all on function public.share_views_history() from public, anon, authenticated;
create trigger share_views_history
  after insert on public.share_views
  for each row execute function public.share_views_history();
