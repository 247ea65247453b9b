-- "Update from Drive" on two devices at once (issue 12 §4, ADR 0256). Both devices store a new
-- version of the same changed Drive file and call drive_replace_document; the first one replaces
-- the previous version, and the second used to fail ("not found") and leave its new version as a
-- second live document. Now the function recognises "already replaced": the previous version is
-- in the trash without its link and another live document of the caller holds the Drive link. It
-- then deletes the caller's own new version in the same transaction and answers with the document
-- that won and the objects the caller still has to remove from Storage — its file and its
-- thumbnail (ADR 0120's `.thumbs/first-page.png` beside it); SQL cannot remove a stored file, and
-- the orphan sweep (ADR 0095) removes them a day later should the caller not.
--
-- SECURITY INVOKER as before: row level security decides what the caller sees, updates and
-- deletes, and every lookup is also bound to auth.uid() — a value from the token, never one the
-- browser passes. Calling it again after it replaced is answered "replaced" again (a retry after a
-- lost answer must not report a failure). The answer is now jsonb, so the function is re-created.
drop function if exists public.drive_replace_document(uuid, uuid, text, timestamptz);
create function public.drive_replace_document(previous_document uuid, new_document uuid, drive_file text, drive_modified timestamptz)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  me constant uuid := (select auth.uid());
  old_row public.documents%rowtype;
  holder_id uuid;
  holder_name text;
  removed text;
  removed_thumbnail text;
begin
  select * into old_row from public.documents
   where id = previous_document and user_id = me and drive_file_id = drive_file and deleted_at is null
   for update;
  if not found then
    -- Replaced already? The previous version lost its link and went to the trash, and a live
    -- document of this person holds the link now. (Waiting on the lock above, a concurrent
    -- replacement has committed by now, so this statement sees it.)
    select d.id, d.name into holder_id, holder_name from public.documents d
     where d.user_id = me and d.drive_file_id = drive_file and d.deleted_at is null;
    if holder_id is null or not exists (
      select 1 from public.documents p
       where p.id = previous_document and p.user_id = me and p.drive_file_id is null and p.deleted_at is not null
    ) then
      raise exception 'The previous version of this Drive file was not found' using errcode = 'P0002';
    end if;
    if holder_id = new_document then
      return jsonb_build_object('outcome', 'replaced', 'document', jsonb_build_object('id', holder_id, 'name', holder_name));
    end if;
    -- Another device or tab stored its new version first: this one goes, row now, object by the caller.
    delete from public.documents
     where id = new_document and user_id = me and drive_file_id is null and deleted_at is null
    returning storage_path, user_id::text || '/' || id::text || '/.thumbs/first-page.png' into removed, removed_thumbnail;
    if removed is null then
      raise exception 'The new version of this Drive file was not found' using errcode = 'P0002';
    end if;
    return jsonb_build_object(
      'outcome', 'already_replaced',
      'document', jsonb_build_object('id', holder_id, 'name', holder_name),
      'removed_objects', jsonb_build_array(removed, removed_thumbnail)
    );
  end if;
  update public.documents
     set drive_file_id = null, deleted_at = now()
   where id = previous_document;
  update public.documents
     set drive_file_id = drive_file,
         drive_modified_time = drive_modified,
         portfolio_id = old_row.portfolio_id,
         category_id = old_row.category_id,
         notes = coalesce(nullif(notes, ''), old_row.notes),
         issued_on = coalesce(issued_on, old_row.issued_on),
         expires_on = coalesce(expires_on, old_row.expires_on)
   where id = new_document and user_id = me and deleted_at is null and drive_file_id is null
  returning name into holder_name;
  if not found then
    raise exception 'The new version of this Drive file was not found' using errcode = 'P0002';
  end if;
  insert into public.document_tags (document_id, tag_id)
  select new_document, tag_id from public.document_tags where document_id = previous_document
  on conflict do nothing;
  return jsonb_build_object('outcome', 'replaced', 'document', jsonb_build_object('id', new_document, 'name', holder_name));
end;
$$;
revoke all on function public.drive_replace_document(uuid, uuid, text, timestamptz) from public, anon;
grant execute on function public.drive_replace_document(uuid, uuid, text, timestamptz) to authenticated;
