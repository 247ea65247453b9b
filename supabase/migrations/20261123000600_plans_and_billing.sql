-- Plans and payments (issue 14 §1, ADR 0090). Prices and limits live in one table, public.plans.
-- A person's plan is decided by public.subscriptions, which only the Stripe webhook writes (with the
-- service role); the browser can read its own row and nothing else. Limits are enforced here, by
-- triggers on public.documents and storage.objects, so no client can go around them; rows and
-- files already stored are never touched when a limit is lower than what a person holds.
-- Runs unchanged on hosted Supabase (PostgreSQL 15) and on the local stack (PGlite / PostgreSQL).

create table public.plans (
  id text primary key check (id ~ '^[a-z][a-z0-9_]*$'),
  name text not null,
  description text not null default '',
  -- Smallest currency unit (cents), per interval; 0 for the free plan.
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'eur' check (currency ~ '^[a-z]{3}$'),
  billing_interval text not null default 'month' check (billing_interval in ('month', 'year')),
  max_documents integer not null check (max_documents > 0),
  max_storage_bytes bigint not null check (max_storage_bytes > 0),
  -- People who share the plan (the owner included).
  max_members integer not null default 1 check (max_members between 1 and 20),
  -- False: shown, but not offered at checkout yet.
  purchasable boolean not null default false,
  sort_order integer not null default 0
);
alter table public.plans enable row level security;
create policy "plans: everyone reads" on public.plans for select to anon, authenticated using (true);
revoke all on public.plans from anon, authenticated;
grant select on public.plans to anon, authenticated;

insert into public.plans (id, name, description, price_cents, currency, billing_interval, max_documents, max_storage_bytes, max_members, purchasable, sort_order) values
  ('free', 'Free', 'Up to 100 documents and 1 GB of files.', 0, 'eur', 'month', 100, 1073741824, 1, false, 0),
  ('plus', 'Plus', 'Up to 5,000 documents and 50 GB of files.', 399, 'eur', 'month', 5000, 53687091200, 1, true, 1),
  ('family', 'Family', 'Up to 20,000 documents and 200 GB shared by up to 5 people.', 799, 'eur', 'month', 20000, 214748364800, 5, false, 2)
on conflict (id) do nothing;

-- The Stripe customer of each person (written by create-checkout-session with the service role).
create table public.billing_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique,
  created_at timestamptz not null default now()
);
alter table public.billing_customers enable row level security;
create policy "billing_customers: read own" on public.billing_customers for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.billing_customers from anon, authenticated;
grant select on public.billing_customers to authenticated;

-- One subscription per person: the state Stripe last reported (the webhook retrieves it fresh).
create table public.subscriptions (
  user_id uuid primary key references auth.users (id) on delete cascade,
  plan_id text not null references public.plans (id),
  stripe_subscription_id text not null unique,
  stripe_customer_id text not null,
  -- Stripe's subscription status: active, trialing, past_due, canceled, incomplete, unpaid, …
  status text not null,
  cancel_at_period_end boolean not null default false,
  current_period_end timestamptz,
  updated_at timestamptz not null default now()
);
alter table public.subscriptions enable row level security;
create policy "subscriptions: read own" on public.subscriptions for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.subscriptions from anon, authenticated;
grant select on public.subscriptions to authenticated;

-- Billing history: invoices Stripe reported as paid (or otherwise finalised).
create table public.invoices (
  stripe_invoice_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  number text,
  status text not null,
  amount_due integer not null default 0,
  amount_paid integer not null default 0,
  currency text not null,
  hosted_invoice_url text,
  invoice_pdf text,
  period_start timestamptz,
  period_end timestamptz,
  created_at timestamptz not null
);
create index invoices_user_created_idx on public.invoices (user_id, created_at desc);
alter table public.invoices enable row level security;
create policy "invoices: read own" on public.invoices for select to authenticated using (user_id = (select auth.uid()));
revoke all on public.invoices from anon, authenticated;
grant select on public.invoices to authenticated;

-- Webhook idempotency: an event id is processed once; a replay finds its row and changes nothing.
create table public.stripe_events (
  id text primary key,
  type text not null,
  received_at timestamptz not null default now()
);
alter table public.stripe_events enable row level security;
revoke all on public.stripe_events from anon, authenticated;

-- The plan a person is on: a live subscription's plan, otherwise Free. past_due keeps the plan
-- while Stripe retries the card (Stripe moves it to canceled or unpaid when it gives up).
create or replace function public.plan_of(target uuid) returns public.plans
language sql
stable
security definer
set search_path = ''
as $$
  select p.*
    from public.plans p
   where p.id = coalesce(
     (select s.plan_id from public.subscriptions s
       where s.user_id = target and s.status in ('active', 'trialing', 'past_due')),
     'free')
$$;
revoke all on function public.plan_of(uuid) from public, anon, authenticated;

-- Bytes a person keeps in the documents bucket (the first path segment is the owner's id).
create or replace function public.stored_bytes_of(target uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0)::bigint
    from storage.objects o
   where o.bucket_id = 'documents' and (storage.foldername(o.name))[1] = target::text
$$;
revoke all on function public.stored_bytes_of(uuid) from public, anon, authenticated;

-- "1 GB", "50 GB", "512 MB": how limits are written in messages.
create or replace function public.plan_size_text(bytes bigint) returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when bytes % 1073741824 = 0 then (bytes / 1073741824)::text || ' GB'
    else round(bytes / 1048576.0)::text || ' MB'
  end
$$;

-- The plan, its limits and how much of each the caller uses: what the plan badge shows.
create or replace function public.my_plan_usage() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  p public.plans;
  s public.subscriptions;
begin
  if me is null then
    raise exception 'Sign in to see your plan' using errcode = '42501';
  end if;
  p := public.plan_of(me);
  select * into s from public.subscriptions where user_id = me;
  return jsonb_build_object(
    'plan_id', p.id,
    'plan_name', p.name,
    'documents_used', (select count(*) from public.documents d where d.user_id = me),
    'documents_limit', p.max_documents,
    'storage_used_bytes', public.stored_bytes_of(me),
    'storage_limit_bytes', p.max_storage_bytes,
    'subscription_status', s.status,
    'cancel_at_period_end', coalesce(s.cancel_at_period_end, false),
    'current_period_end', s.current_period_end
  );
end
$$;
revoke all on function public.my_plan_usage() from public, anon;
grant execute on function public.my_plan_usage() to authenticated;

-- A new document row: refused when the person already holds as many documents as the plan allows
-- (the trash counts, its files are still kept). Every role is limited, imports included.
create or replace function public.enforce_document_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.plans;
  held bigint;
begin
  p := public.plan_of(new.user_id);
  -- One person's inserts are counted one at a time (concurrent uploads cannot both slip past).
  perform pg_advisory_xact_lock(hashtext('dossier.plan_limit:' || new.user_id::text));
  select count(*) into held from public.documents d where d.user_id = new.user_id;
  if held >= p.max_documents then
    raise exception 'Plan limit reached: the % plan holds up to % documents.', p.name, p.max_documents
      using errcode = 'P0001',
            detail = format('plan_limit:documents:%s:%s', p.id, p.max_documents),
            hint = 'Upgrade your plan in Settings, or delete documents and empty the trash.';
  end if;
  return new;
end
$$;
revoke all on function public.enforce_document_limit() from public, anon, authenticated;

create trigger documents_enforce_plan_limit
  before insert on public.documents
  for each row execute function public.enforce_document_limit();

-- A new file in the documents bucket: refused when it would take the person over the plan's
-- storage, or when they already hold as many documents as the plan allows (so the bytes of an
-- upload that cannot become a document are not kept). Replacing an object (upsert of the same
-- name) counts the new size instead of the old.
create or replace function public.enforce_storage_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_text text;
  owner_id uuid;
  p public.plans;
  used bigint;
  incoming bigint;
  held bigint;
begin
  if new.bucket_id is distinct from 'documents' then
    return new;
  end if;
  owner_text := (storage.foldername(new.name))[1];
  if owner_text is null or owner_text !~ '^[0-9a-fA-F-]{36}$' then
    return new;
  end if;
  owner_id := owner_text::uuid;
  p := public.plan_of(owner_id);
  perform pg_advisory_xact_lock(hashtext('dossier.plan_limit:' || owner_id::text));
  incoming := coalesce((new.metadata ->> 'size')::bigint, 0);
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0) into used
    from storage.objects o
   where o.bucket_id = 'documents' and (storage.foldername(o.name))[1] = owner_text and o.name <> new.name;
  if used + incoming > p.max_storage_bytes then
    raise exception 'Plan limit reached: the % plan stores up to % of files.', p.name, public.plan_size_text(p.max_storage_bytes)
      using errcode = 'P0001',
            detail = format('plan_limit:storage:%s:%s', p.id, p.max_storage_bytes),
            hint = 'Upgrade your plan in Settings, or delete documents and empty the trash.';
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'documents' and o.name = new.name) then
    select count(*) into held from public.documents d where d.user_id = owner_id;
    if held >= p.max_documents then
      raise exception 'Plan limit reached: the % plan holds up to % documents.', p.name, p.max_documents
        using errcode = 'P0001',
              detail = format('plan_limit:documents:%s:%s', p.id, p.max_documents),
              hint = 'Upgrade your plan in Settings, or delete documents and empty the trash.';
    end if;
  end if;
  return new;
end
$$;
revoke all on function public.enforce_storage_limit() from public, anon, authenticated;

create trigger documents_enforce_storage_limit
  before insert on storage.objects
  for each row execute function public.enforce_storage_limit();
