-- Analysis settings per person (issue 15 §1/§2, docs/decisions/0201): the confidence above which a
-- suggestion is applied without asking (null: off, the default) and the OCR languages read besides
-- English (their data is served from Dossier's own origin, loaded only when chosen).

create table if not exists public.analysis_settings (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  auto_apply_threshold numeric(3, 2)
    check (auto_apply_threshold is null or auto_apply_threshold between 0.5 and 0.99),
  ocr_languages text[] not null default '{}'
    check (cardinality(ocr_languages) <= 3 and ocr_languages <@ array['fra', 'deu', 'spa']::text[]),
  updated_at timestamptz not null default now()
);

alter table public.analysis_settings enable row level security;
create policy "analysis_settings: own" on public.analysis_settings
  for all to authenticated using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
revoke all on public.analysis_settings from anon;
revoke all on public.analysis_settings from authenticated;
grant select, delete on public.analysis_settings to authenticated;
-- user_id in both: supabase-js's upsert names every column it sends (RLS keeps it the caller's).
grant insert (user_id, auto_apply_threshold, ocr_languages, updated_at) on public.analysis_settings to authenticated;
grant update (user_id, auto_apply_threshold, ocr_languages, updated_at) on public.analysis_settings to authenticated;
