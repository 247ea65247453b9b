-- The Family plan (issue 14 §1, ADR 0162): the person who pays for Family invites up to four more
-- people (max_members in public.plans, the owner included). Members share the plan's limits — the
-- documents and bytes of everyone in the family count against one pool — and a shared "Family"
-- space: each member may put their own documents into it, and every member can then list, preview
-- and download them. Nobody's own library widens: documents RLS is unchanged, the space is read
-- through family_space() and a storage policy that admits exactly the files placed in the space.
--
-- A family is only "active" while its owner's subscription is on a plan with max_members > 1. When it
-- lapses the pool and the space close (rows stay, so resuming the plan brings everything back).

create table public.families (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null unique references auth.users (id) on delete cascade,
  name text not null default 'Family' check (char_length(btrim(name)) between 1 and 60),
  created_at timestamptz not null default now()
);
alter table public.families enable row level security;

-- One family per person (user_id is unique).
create table public.family_members (
  family_id uuid not null references public.families (id) on delete cascade,
  user_id uuid not null unique references auth.users (id) on delete cascade,
  role text not null check (role in ('owner', 'member')),
  joined_at timestamptz not null default now(),
  primary key (family_id, user_id)
);
alter table public.family_members enable row level security;

-- Invitations: only the token's SHA-256 is kept; the token is shown to the owner once and mailed.
create table public.family_invitations (
  id uuid primary key default gen_random_uuid(),
  family_id uuid not null references public.families (id) on delete cascade,
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '7 days',
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz
);
create index family_invitations_family_idx on public.family_invitations (family_id, created_at desc);
alter table public.family_invitations enable row level security;

-- The shared space: which of their own documents members have placed in it.
create table public.family_documents (
  family_id uuid not null references public.families (id) on delete cascade,
  document_id uuid not null references public.documents (id) on delete cascade,
  added_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  added_at timestamptz not null default now(),
  primary key (family_id, document_id)
);
create index family_documents_document_idx on public.family_documents (document_id);
alter table public.family_documents enable row level security;

-- The caller's family, if its plan is active (definer: the policies below ask it without recursion).
create or replace function public.my_family_id() returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.family_id
    from public.family_members m
    join public.families f on f.id = m.family_id
    join public.subscriptions s on s.user_id = f.owner_id and s.status in ('active', 'trialing', 'past_due')
    join public.plans p on p.id = s.plan_id and p.max_members > 1
   where m.user_id = (select auth.uid())
$$;
revoke all on function public.my_family_id() from public, anon;
grant execute on function public.my_family_id() to authenticated;

-- Everyone whose usage counts against `target`'s limits: the active family's members, or target alone.
create or replace function public.plan_pool_of(target uuid) returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select array_agg(o.user_id order by o.user_id)
       from public.family_members m
       join public.families f on f.id = m.family_id
       join public.subscriptions s on s.user_id = f.owner_id and s.status in ('active', 'trialing', 'past_due')
       join public.plans p on p.id = s.plan_id and p.max_members > 1
       join public.family_members o on o.family_id = m.family_id
      where m.user_id = target),
    array[target])
$$;
revoke all on function public.plan_pool_of(uuid) from public, anon, authenticated;

-- A member of an active family is on the family's plan; everyone else on their own subscription's.
create or replace function public.plan_of(target uuid) returns public.plans
language sql
stable
security definer
set search_path = ''
as $$
  select p.*
    from public.plans p
   where p.id = coalesce(
     (select s.plan_id
        from public.family_members m
        join public.families f on f.id = m.family_id
        join public.subscriptions s on s.user_id = f.owner_id and s.status in ('active', 'trialing', 'past_due')
        join public.plans fp on fp.id = s.plan_id and fp.max_members > 1
       where m.user_id = target),
     (select s.plan_id from public.subscriptions s
       where s.user_id = target and s.status in ('active', 'trialing', 'past_due')),
     'free')
$$;
revoke all on function public.plan_of(uuid) from public, anon, authenticated;

create or replace function public.stored_bytes_of_pool(pool uuid[]) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0)::bigint
    from storage.objects o
   where o.bucket_id = 'documents' and (storage.foldername(o.name))[1] = any (select u::text from unnest(pool) u)
$$;
revoke all on function public.stored_bytes_of_pool(uuid[]) from public, anon, authenticated;

-- One lock per pool, so two members uploading at once cannot both take the last slot.
create or replace function public.lock_plan_pool(pool uuid[]) returns void
language sql
volatile
security definer
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtext('dossier.plan_limit:' || pool[1]::text));
$$;
revoke all on function public.lock_plan_pool(uuid[]) from public, anon, authenticated;

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
  pool uuid[];
begin
  if me is null then
    raise exception 'Sign in to see your plan' using errcode = '42501';
  end if;
  p := public.plan_of(me);
  pool := public.plan_pool_of(me);
  select * into s from public.subscriptions where user_id = me;
  return jsonb_build_object(
    'plan_id', p.id,
    'plan_name', p.name,
    'documents_used', (select count(*) from public.documents d where d.user_id = any (pool)),
    'documents_limit', p.max_documents,
    'storage_used_bytes', public.stored_bytes_of_pool(pool),
    'storage_limit_bytes', p.max_storage_bytes,
    'subscription_status', s.status,
    'cancel_at_period_end', coalesce(s.cancel_at_period_end, false),
    'current_period_end', s.current_period_end,
    'pooled_members', cardinality(pool)
  );
end
$$;
revoke all on function public.my_plan_usage() from public, anon;
grant execute on function public.my_plan_usage() to authenticated;

create or replace function public.enforce_document_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  p public.plans;
  pool uuid[];
  held bigint;
begin
  p := public.plan_of(new.user_id);
  pool := public.plan_pool_of(new.user_id);
  perform public.lock_plan_pool(pool);
  select count(*) into held from public.documents d where d.user_id = any (pool);
  if held >= p.max_documents then
    raise exception 'Plan limit reached: the % plan holds up to % documents.', p.name, p.max_documents
      using errcode = 'P0001',
            detail = format('plan_limit:documents:%s:%s', p.id, p.max_documents),
            hint = case when cardinality(pool) > 1 then 'The limit is shared by your family. Delete documents and empty the trash, or ask the family''s owner.'
                        else 'Upgrade your plan in Settings, or delete documents and empty the trash.' end;
  end if;
  return new;
end
$$;
revoke all on function public.enforce_document_limit() from public, anon, authenticated;

create or replace function public.enforce_storage_limit() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_text text;
  owner_id uuid;
  p public.plans;
  pool uuid[];
  used bigint;
  incoming bigint;
  held bigint;
  hint_text text;
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
  pool := public.plan_pool_of(owner_id);
  perform public.lock_plan_pool(pool);
  hint_text := case when cardinality(pool) > 1 then 'The limit is shared by your family. Delete documents and empty the trash, or ask the family''s owner.'
                    else 'Upgrade your plan in Settings, or delete documents and empty the trash.' end;
  incoming := coalesce((new.metadata ->> 'size')::bigint, 0);
  select coalesce(sum(coalesce((o.metadata ->> 'size')::bigint, 0)), 0) into used
    from storage.objects o
   where o.bucket_id = 'documents' and (storage.foldername(o.name))[1] = any (select u::text from unnest(pool) u) and o.name <> new.name;
  if used + incoming > p.max_storage_bytes then
    raise exception 'Plan limit reached: the % plan stores up to % of files.', p.name, public.plan_size_text(p.max_storage_bytes)
      using errcode = 'P0001',
            detail = format('plan_limit:storage:%s:%s', p.id, p.max_storage_bytes),
            hint = hint_text;
  end if;
  if not exists (select 1 from storage.objects o where o.bucket_id = 'documents' and o.name = new.name) then
    select count(*) into held from public.documents d where d.user_id = any (pool);
    if held >= p.max_documents then
      raise exception 'Plan limit reached: the % plan holds up to % documents.', p.name, p.max_documents
        using errcode = 'P0001',
              detail = format('plan_limit:documents:%s:%s', p.id, p.max_documents),
              hint = hint_text;
    end if;
  end if;
  return new;
end
$$;
revoke all on function public.enforce_storage_limit() from public, anon, authenticated;

-- Policies. Reads only: every change goes through the functions below or, for the space, through
-- family_documents with checks.
create policy "families: members read" on public.families
  for select to authenticated using (id = (select public.my_family_id()) or owner_id = (select auth.uid()));
create policy "family_members: members read" on public.family_members
  for select to authenticated using (family_id = (select public.my_family_id()) or user_id = (select auth.uid()));
create policy "family_invitations: owner reads" on public.family_invitations
  for select to authenticated
  using (exists (select 1 from public.families f where f.id = family_id and f.owner_id = (select auth.uid())));
create policy "family_documents: members read" on public.family_documents
  for select to authenticated using (family_id = (select public.my_family_id()));
create policy "family_documents: add own documents" on public.family_documents
  for insert to authenticated
  with check (
    family_id = (select public.my_family_id())
    and added_by = (select auth.uid())
    and exists (select 1 from public.documents d where d.id = document_id and d.user_id = (select auth.uid()) and d.deleted_at is null)
  );
create policy "family_documents: remove own or as owner" on public.family_documents
  for delete to authenticated
  using (
    family_id = (select public.my_family_id())
    and (added_by = (select auth.uid())
         or exists (select 1 from public.families f where f.id = family_id and f.owner_id = (select auth.uid())))
  );
revoke all on public.families, public.family_members, public.family_invitations, public.family_documents from anon, authenticated;
grant select on public.families, public.family_members, public.family_invitations to authenticated;
grant select, insert, delete on public.family_documents to authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['families', 'family_members', 'family_invitations', 'family_documents'] loop
    execute format(
      'create policy %I on public.%I as restrictive for all to authenticated using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()))',
      t || ': second factor when enrolled', t);
  end loop;
end
$$;

-- A file in the documents bucket that belongs to a live document placed in the caller's family space.
create or replace function public.family_can_read_object(object_name text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
      from public.family_documents fd
      join public.documents d on d.id = fd.document_id
      join public.family_members m on m.family_id = fd.family_id and m.user_id = d.user_id
     where fd.family_id = public.my_family_id()
       and d.storage_path = object_name
       and d.deleted_at is null)
$$;
revoke all on function public.family_can_read_object(text) from public, anon;
grant execute on function public.family_can_read_object(text) to authenticated;

create policy "documents bucket: family space reads" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (select public.my_family_id()) is not null and public.family_can_read_object(name));

-- The space's documents, newest first, with who placed them (members see each other's e-mail).
create or replace function public.family_space()
returns table (
  document_id uuid,
  name text,
  mime_type text,
  size bigint,
  storage_path text,
  expires_on date,
  added_at timestamptz,
  added_by uuid,
  added_by_email text,
  mine boolean
)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.name, d.mime_type, d.size::bigint, d.storage_path, d.expires_on, fd.added_at, fd.added_by,
         u.email::text, d.user_id = (select auth.uid())
    from public.family_documents fd
    join public.documents d on d.id = fd.document_id and d.deleted_at is null
    join public.family_members m on m.family_id = fd.family_id and m.user_id = d.user_id
    left join auth.users u on u.id = fd.added_by
   where fd.family_id = public.my_family_id()
     and (select public.mfa_satisfied())
   order by fd.added_at desc;
$$;
revoke all on function public.family_space() from public, anon;
grant execute on function public.family_space() to authenticated;

-- Who is in the caller's family, its pending invitations (owner only) and the seats.
create or replace function public.family_overview() returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  fam public.families;
  own_plan public.plans;
begin
  if me is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if not public.mfa_satisfied() then
    raise exception 'a second factor is needed' using errcode = '42501';
  end if;
  select f.* into fam from public.families f join public.family_members m on m.family_id = f.id where m.user_id = me;
  own_plan := public.plan_of(me);
  if fam.id is null then
    return jsonb_build_object('family', null, 'can_invite', own_plan.max_members > 1, 'max_members', own_plan.max_members);
  end if;
  return jsonb_build_object(
    'family', jsonb_build_object('id', fam.id, 'name', fam.name, 'is_owner', fam.owner_id = me,
                                 'active', public.my_family_id() is not null),
    'can_invite', fam.owner_id = me and own_plan.max_members > 1,
    'max_members', (public.plan_of(fam.owner_id)).max_members,
    'members', coalesce((select jsonb_agg(jsonb_build_object('user_id', m.user_id, 'email', u.email, 'role', m.role, 'joined_at', m.joined_at, 'me', m.user_id = me) order by m.role desc, m.joined_at)
                  from public.family_members m left join auth.users u on u.id = m.user_id where m.family_id = fam.id), '[]'::jsonb),
    'invitations', case when fam.owner_id = me then coalesce((select jsonb_agg(jsonb_build_object('id', i.id, 'email', i.email, 'created_at', i.created_at, 'expires_at', i.expires_at) order by i.created_at)
                  from public.family_invitations i where i.family_id = fam.id and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()), '[]'::jsonb) else '[]'::jsonb end
  );
end
$$;
revoke all on function public.family_overview() from public, anon;
grant execute on function public.family_overview() to authenticated;

-- Invites one person by e-mail. Only the owner of a plan with room for more people; pending
-- invitations hold a seat. Returns the token once (the owner may copy the link; it is also mailed).
create or replace function public.invite_family_member(email text)
returns table (id uuid, token text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  own_plan public.plans;
  fam uuid;
  address text := lower(btrim(invite_family_member.email));
  seats integer;
  new_token text := encode(extensions.gen_random_bytes(32), 'hex');
  new_id uuid;
  inviter text;
begin
  if me is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if not public.mfa_satisfied() then
    raise exception 'a second factor is needed' using errcode = '42501';
  end if;
  own_plan := public.plan_of(me);
  if own_plan.max_members <= 1 or exists (select 1 from public.family_members m join public.families f on f.id = m.family_id where m.user_id = me and f.owner_id <> me) then
    raise exception 'Only the person who pays for the Family plan can invite people.' using errcode = '42501';
  end if;
  if address !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Enter a valid e-mail address.' using errcode = '22023';
  end if;
  select f.id into fam from public.families f where f.owner_id = me;
  if fam is null then
    insert into public.families (owner_id) values (me) returning families.id into fam;
    insert into public.family_members (family_id, user_id, role) values (fam, me, 'owner');
  end if;
  perform 1 from public.families f where f.id = fam for update;
  if exists (select 1 from public.family_members m join auth.users u on u.id = m.user_id where m.family_id = fam and lower(u.email) = address) then
    raise exception 'That person is already in your family.' using errcode = '23505';
  end if;
  -- A new invitation to the same address replaces the old one.
  update public.family_invitations i set revoked_at = now()
   where i.family_id = fam and i.email = address and i.accepted_at is null and i.revoked_at is null;
  select (select count(*) from public.family_members m where m.family_id = fam)
       + (select count(*) from public.family_invitations i where i.family_id = fam and i.accepted_at is null and i.revoked_at is null and i.expires_at > now())
    into seats;
  if seats >= own_plan.max_members then
    raise exception 'The Family plan is shared by up to % people. Remove someone or withdraw an invitation first.', own_plan.max_members
      using errcode = 'P0001', detail = format('plan_limit:members:%s:%s', own_plan.id, own_plan.max_members);
  end if;
  insert into public.family_invitations (family_id, email, token_hash)
  values (fam, address, encode(extensions.digest(new_token, 'sha256'), 'hex'))
  returning family_invitations.id into new_id;
  select u.email into inviter from auth.users u where u.id = me;
  insert into jobs.outgoing_mail (user_id, to_address, kind, subject, body)
  values (me, address, 'family_invitation', coalesce(inviter, 'Someone') || ' invites you to their Dossier family',
    coalesce(inviter, 'Someone') || ' invites you to share their Dossier Family plan: its limits, and a Family space where each of you can put documents for the others. '
      || 'Sign in (or create an account) with this e-mail address and open /settings?family-invite=' || new_token
      || ' within 7 days to accept. If you did not expect this, ignore this message.');
  return query select new_id, new_token;
end
$$;
revoke all on function public.invite_family_member(text) from public, anon;
grant execute on function public.invite_family_member(text) to authenticated;

create or replace function public.revoke_family_invitation(invitation_id uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not public.mfa_satisfied() then
    raise exception 'a second factor is needed' using errcode = '42501';
  end if;
  update public.family_invitations i set revoked_at = now()
   where i.id = invitation_id and i.accepted_at is null and i.revoked_at is null
     and exists (select 1 from public.families f where f.id = i.family_id and f.owner_id = auth.uid());
  if not found then
    raise exception 'invitation not found' using errcode = '42501';
  end if;
end
$$;
revoke all on function public.revoke_family_invitation(uuid) from public, anon;
grant execute on function public.revoke_family_invitation(uuid) to authenticated;

-- Accepts with the token from the mail. The signed-in address must be the invited one; a person
-- already in a family (or owning one) must leave it first. Wrong, used, withdrawn and expired
-- tokens all get the same answer.
create or replace function public.accept_family_invitation(token text) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  inv public.family_invitations;
  seats integer;
  cap integer;
begin
  if me is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  select i.* into inv from public.family_invitations i
   where i.token_hash = encode(extensions.digest(coalesce(accept_family_invitation.token, ''), 'sha256'), 'hex')
     and i.accepted_at is null and i.revoked_at is null and i.expires_at > now()
   for update;
  if inv.id is null or lower((select u.email from auth.users u where u.id = me)) <> inv.email then
    return jsonb_build_object('ok', false, 'reason', 'invalid');
  end if;
  if exists (select 1 from public.family_members m where m.user_id = me) then
    return jsonb_build_object('ok', false, 'reason', 'already_in_a_family');
  end if;
  perform 1 from public.families f where f.id = inv.family_id for update;
  cap := (select (public.plan_of(f.owner_id)).max_members from public.families f where f.id = inv.family_id);
  select count(*) into seats from public.family_members m where m.family_id = inv.family_id;
  if seats >= cap then
    return jsonb_build_object('ok', false, 'reason', 'family_full');
  end if;
  insert into public.family_members (family_id, user_id, role) values (inv.family_id, me, 'member');
  update public.family_invitations i set accepted_at = now(), accepted_by = me where i.id = inv.id;
  return jsonb_build_object('ok', true, 'family_id', inv.family_id);
end
$$;
revoke all on function public.accept_family_invitation(text) from public, anon;
grant execute on function public.accept_family_invitation(text) to authenticated;

-- The owner removes a member, or a member leaves. Their documents leave the space with them (they
-- stay in their own library). The owner leaves by ending the plan, not here.
create or replace function public.remove_family_member(member uuid) returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  fam public.families;
begin
  if me is null or not public.mfa_satisfied() then
    raise exception 'not allowed' using errcode = '42501';
  end if;
  select f.* into fam from public.families f join public.family_members m on m.family_id = f.id where m.user_id = member;
  if fam.id is null or member = fam.owner_id or (me <> fam.owner_id and me <> member) then
    raise exception 'member not found' using errcode = '42501';
  end if;
  delete from public.family_documents fd where fd.family_id = fam.id and fd.added_by = member;
  delete from public.family_members m where m.family_id = fam.id and m.user_id = member;
end
$$;
revoke all on function public.remove_family_member(uuid) from public, anon;
grant execute on function public.remove_family_member(uuid) to authenticated;
