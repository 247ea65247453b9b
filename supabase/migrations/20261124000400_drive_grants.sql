-- Google Drive grants kept on the server (issue 12, ADR 0130). The authorization-code flow gives a
-- refresh token; it is a long-lived key to the person's Drive, so no browser role may read it:
-- only the drive-token function (service role) stores, uses and deletes it. The browser holds
-- short-lived access tokens and this row's id as an opaque handle.
create table public.drive_grants (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  refresh_token text not null check (char_length(refresh_token) between 1 and 2048),
  scope text not null default '' check (char_length(scope) <= 2048),
  google_email text check (google_email is null or char_length(google_email) <= 320),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.drive_grants enable row level security;
revoke all on public.drive_grants from anon, authenticated;
