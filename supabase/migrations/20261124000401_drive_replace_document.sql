-- "Update changed file" (issue 12 §4, ADR 0131): a Drive file changed since its import is imported
-- again as a new document, which then takes over the Drive link in one transaction: the previous
-- version goes to the trash (restorable), loses the link, and hands its place — portfolio,
-- category, notes, dates and tags — to the new one. SECURITY INVOKER: row level security decides,
-- so only the caller's own documents can take part.
create or replace function public.drive_replace_document(previous_document uuid, new_document uuid, drive_file text, drive_modified timestamptz)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  old_row public.documents%rowtype;
begin
  select * into old_row from public.documents
   where id = previous_document and drive_file_id = drive_file and deleted_at is null
   for update;
  if not found then
    raise exception 'The previous version of this Drive file was not found' using errcode = 'P0002';
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
   where id = new_document and deleted_at is null and drive_file_id is null;
  if not found then
    raise exception 'The new version of this Drive file was not found' using errcode = 'P0002';
  end if;
  insert into public.document_tags (document_id, tag_id)
  select new_document, tag_id from public.document_tags where document_id = previous_document
  on conflict do nothing;
end;
$$;
revoke all on function public.drive_replace_document(uuid, uuid, text, timestamptz) from public, anon;
grant execute on function public.drive_replace_document(uuid, uuid, text, timestamptz) to authenticated;
