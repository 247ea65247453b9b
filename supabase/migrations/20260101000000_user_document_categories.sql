-- Document categories: each user's own list, and the master list (SPEC §3) that onboarding copies.

create table if not exists public.user_document_categories (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users on delete cascade,
  name text not null,
  description text,
  sort_order int,
  created_at timestamptz default now(),
  unique (user_id, name)
);

create index if not exists user_document_categories_user_id_idx on public.user_document_categories (user_id);

alter table public.user_document_categories enable row level security;

create policy "Users read their own categories" on public.user_document_categories
  for select to authenticated using (auth.uid() = user_id);
create policy "Users add their own categories" on public.user_document_categories
  for insert to authenticated with check (auth.uid() = user_id);
create policy "Users change their own categories" on public.user_document_categories
  for update to authenticated using (auth.uid() = user_id) with check (auth.uid() = user_id);
create policy "Users delete their own categories" on public.user_document_categories
  for delete to authenticated using (auth.uid() = user_id);

-- Anonymous visitors have no categories; only signed-in users (and the service role) touch the table.
revoke all on table public.user_document_categories from anon;
grant select, insert, update, delete on table public.user_document_categories to authenticated, service_role;

-- The master list, in SPEC §3's order. Read-only data for everyone.
create table if not exists public.default_document_categories (
  name text primary key,
  description text not null,
  sort_order int not null unique
);

alter table public.default_document_categories enable row level security;
create policy "Everyone reads the master category list" on public.default_document_categories
  for select to anon, authenticated using (true);
revoke all on table public.default_document_categories from anon, authenticated;
grant select on table public.default_document_categories to anon, authenticated;
grant all on table public.default_document_categories to service_role;

insert into public.default_document_categories (name, description, sort_order) values
  ('Personal ID', 'Passports, ID cards, driving licences, birth and marriage certificates', 1),
  ('Medical Records', 'Test results, prescriptions, vaccination records and doctors'' letters', 2),
  ('Insurance', 'Health, home, car, travel and life insurance policies and claims', 3),
  ('Education', 'Diplomas, transcripts, certificates and course records', 4),
  ('Banking', 'Bank statements, account details and card agreements', 5),
  ('Investments', 'Brokerage statements, pension and savings plans, share certificates', 6),
  ('Tax Documents', 'Tax returns, assessments, payslip summaries and receipts for deductions', 7),
  ('Credit Reports', 'Credit reports, scores and correspondence with credit agencies', 8),
  ('Real Estate', 'Deeds, mortgages, leases, rental agreements and property valuations', 9),
  ('Vehicle Records', 'Registration, titles, service history and inspection certificates', 10),
  ('Warranties', 'Warranties, guarantees and product manuals', 11),
  ('Legal Documents', 'Contracts, court papers, powers of attorney and notarised documents', 12),
  ('Estate Planning', 'Wills, trusts, beneficiary designations and funeral wishes', 13),
  ('Business Records', 'Company registrations, invoices, licences and business accounts', 14),
  ('Employment', 'Employment contracts, payslips, references and benefits', 15),
  ('Utilities', 'Electricity, gas, water, internet and phone bills and contracts', 16),
  ('Subscriptions', 'Memberships, streaming and software subscriptions and their terms', 17),
  ('Travel', 'Visas, bookings, itineraries and travel documents', 18),
  ('Receipts', 'Purchase receipts and proofs of payment', 19),
  ('Miscellaneous', 'Everything that fits nowhere else', 20)
on conflict (name) do nothing;

-- Onboarding: gives the calling user the 20 default categories, only if they have none yet.
-- SECURITY DEFINER with a fixed search_path; it acts only for auth.uid(), never another user.
create or replace function public.create_default_categories()
returns setof public.user_document_categories
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if not exists (select 1 from public.user_document_categories c where c.user_id = uid) then
    insert into public.user_document_categories (user_id, name, description, sort_order)
    select uid, d.name, d.description, d.sort_order
    from public.default_document_categories d
    order by d.sort_order
    on conflict (user_id, name) do nothing;
  end if;
  return query
    select c.* from public.user_document_categories c where c.user_id = uid order by c.sort_order, c.name;
end;
$$;

revoke all on function public.create_default_categories() from public, anon;
grant execute on function public.create_default_categories() to authenticated, service_role;
