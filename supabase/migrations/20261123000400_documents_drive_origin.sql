-- Documents imported from Google Drive remember where they came from (issue 12): the Drive file
-- id and the file's modifiedTime at import. A person never holds two live documents from the same
-- Drive file, so re-importing finds the first one (and a changed file can be offered as an update).
alter table public.documents add column if not exists drive_file_id text check (drive_file_id is null or drive_file_id ~ '^[A-Za-z0-9_-]{10,200}$');
alter table public.documents add column if not exists drive_modified_time timestamptz;

create unique index if not exists documents_user_drive_file_key
  on public.documents (user_id, drive_file_id)
  where drive_file_id is not null and deleted_at is null;

-- The import stores the file through the documents upload, then records its Drive origin here;
-- an update of a changed Drive file moves the recorded modifiedTime.
grant update (drive_file_id, drive_modified_time) on public.documents to authenticated;
