-- Portfolios area (issue 11): the minimal portfolios table grows description, colour, icon and
-- updated_at; names follow SPEC §5's folder-name rule (they become Drive folder names) and are
-- unique per person regardless of case; checklists are named slots a person fills with documents.
-- Runs unchanged on hosted Supabase (PostgreSQL 15) and on the local stack (PGlite / PostgreSQL).

-- SPEC §5: remove < > : " / \ | ? *, collapse whitespace, trim, cut to 100 characters. The same
-- rule lives in shared/src/core/folder-name for the browser and the Drive import.
create or replace function public.sanitize_folder_name(raw text) returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(left(btrim(regexp_replace(regexp_replace(coalesce(raw, ''), '[<>:"/\\|?*]', '', 'g'), '\s+', ' ', 'g')), 100));
$$;
grant execute on function public.sanitize_folder_name(text) to anon, authenticated, service_role;

alter table public.portfolios
  add column if not exists description text not null default '' check (char_length(description) <= 2000),
  add column if not exists color text not null default '#2563eb' check (color ~ '^#[0-9a-fA-F]{6}$'),
  add column if not exists icon text not null default 'folder'
    check (icon in ('folder', 'briefcase', 'home', 'plane', 'heart', 'car', 'receipt', 'shield', 'star', 'graduation')),
  -- Changes whenever the portfolio itself changes (name, description, colour, icon): the Drive
  -- mirror (issue 12) watches it together with the stable id.
  add column if not exists updated_at timestamptz not null default now();

-- Every name is stored sanitised; one that sanitises to empty is refused with SPEC §5's text.
create or replace function public.portfolios_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := public.sanitize_folder_name(new.name);
  if new.name = '' then
    raise exception 'Invalid portfolio name provided' using errcode = '23514';
  end if;
  if tg_op = 'UPDATE' then
    new.updated_at := now();
  end if;
  return new;
end
$$;

create trigger portfolios_before_write
  before insert or update on public.portfolios
  for each row execute function public.portfolios_before_write();

update public.portfolios set name = public.sanitize_folder_name(name) where name <> public.sanitize_folder_name(name);
create unique index if not exists portfolios_user_id_lower_name_key on public.portfolios (user_id, lower(name));

-- The minimal table's policy used bare auth.uid(); the house rule is (select auth.uid()) so it is
-- evaluated once per statement.
drop policy if exists "portfolios: own rows" on public.portfolios;
create policy "portfolios: own rows" on public.portfolios
  for all to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
revoke all on public.portfolios from anon;
revoke update on public.portfolios from authenticated;
grant select, insert, delete on public.portfolios to authenticated;
grant update (name, description, color, icon) on public.portfolios to authenticated;

-- The list page: each portfolio with its live documents' count, total size, nearest expiry and
-- when it or its documents last changed. SECURITY INVOKER: RLS confines it to the caller's rows.
create or replace function public.portfolio_overview()
returns table (
  id uuid,
  name text,
  description text,
  color text,
  icon text,
  created_at timestamptz,
  updated_at timestamptz,
  document_count bigint,
  total_size bigint,
  nearest_expiry date,
  last_changed timestamptz
)
language sql
stable
set search_path = ''
as $$
  select p.id, p.name, p.description, p.color, p.icon, p.created_at, p.updated_at,
         count(d.id) as document_count,
         coalesce(sum(d.size), 0)::bigint as total_size,
         min(d.expires_on) filter (where d.expires_on >= current_date) as nearest_expiry,
         greatest(p.updated_at, max(d.updated_at)) as last_changed
    from public.portfolios p
    left join public.documents d on d.portfolio_id = p.id and d.deleted_at is null and d.user_id = p.user_id
   where p.user_id = (select auth.uid())
   group by p.id;
$$;
revoke all on function public.portfolio_overview() from public, anon;
grant execute on function public.portfolio_overview() to authenticated;

-- Checklist: named slots ("Passport", "Bank statements") a person fills with one of their documents.
create table public.portfolio_checklist_items (
  id uuid primary key default gen_random_uuid(),
  portfolio_id uuid not null references public.portfolios (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  label text not null check (char_length(btrim(label)) between 1 and 200),
  position integer not null default 0,
  document_id uuid references public.documents (id) on delete set null,
  created_at timestamptz not null default now()
);
create index portfolio_checklist_items_portfolio_idx on public.portfolio_checklist_items (portfolio_id, position);
create index portfolio_checklist_items_document_idx on public.portfolio_checklist_items (document_id);
alter table public.portfolio_checklist_items enable row level security;
create policy "portfolio_checklist_items: own rows" on public.portfolio_checklist_items
  for all to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.portfolios p where p.id = portfolio_id and p.user_id = (select auth.uid()))
    and (document_id is null or exists (select 1 from public.documents d where d.id = document_id and d.user_id = (select auth.uid())))
  );
revoke all on public.portfolio_checklist_items from anon;
revoke update on public.portfolio_checklist_items from authenticated;
grant select, insert, delete on public.portfolio_checklist_items to authenticated;
grant update (label, position, document_id) on public.portfolio_checklist_items to authenticated;
