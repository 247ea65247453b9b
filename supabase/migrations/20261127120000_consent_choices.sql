-- Consent belongs to the account, not the device (issue 21 §7, docs/decisions/0260): the person's
-- latest choice (SPEC §4: version, terms, privacy, the optional purposes), read by every device they
-- sign in on. A choice made offline keeps its own time when it reaches the account, but never a time
-- after the server's now: a browser cannot push its one-year renewal ahead.

create table if not exists public.consent_choices (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  analytics boolean not null default false,
  marketing boolean not null default false,
  notifications boolean not null default false,
  data_processing boolean not null default false,
  terms_accepted boolean not null default false,
  privacy_accepted boolean not null default false,
  version text not null check (char_length(version) between 1 and 20),
  chosen_at timestamptz not null default now()
);

create or replace function public.consent_choices_not_after_now() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.chosen_at := least(coalesce(new.chosen_at, now()), now());
  return new;
end;
$$;

create trigger consent_choices_not_after_now
  before insert or update on public.consent_choices
  for each row execute function public.consent_choices_not_after_now();
revoke execute on function public.consent_choices_not_after_now() from public, anon, authenticated;

alter table public.consent_choices enable row level security;
create policy "consent_choices: own" on public.consent_choices
  for all to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on public.consent_choices from anon;
revoke all on public.consent_choices from authenticated;
grant select, delete on public.consent_choices to authenticated;
-- user_id in both: supabase-js's upsert names every column it sends (RLS keeps it the caller's).
grant insert (user_id, analytics, marketing, notifications, data_processing, terms_accepted, privacy_accepted, version, chosen_at)
  on public.consent_choices to authenticated;
grant update (user_id, analytics, marketing, notifications, data_processing, terms_accepted, privacy_accepted, version, chosen_at)
  on public.consent_choices to authenticated;
