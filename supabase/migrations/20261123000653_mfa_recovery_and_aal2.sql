-- Two-step sign-in (issue 14 §2): recovery codes (ADR 0098) and aal2 in RLS (ADR 0099).
--
-- Recovery codes: GoTrue has none. Ten one-time codes are generated in the database (only their
-- SHA-256 hashes are kept) and shown once. A code lets a person who lost their authenticator in:
-- used from an aal1 session, it is spent and the person's TOTP factors are removed, so the session
-- is enough again and the app asks them to set up a new authenticator at once.
--
-- aal2 in RLS: for a person who has a verified factor, every table holding their library (and the
-- documents bucket) needs an aal2 session. A person without a factor is not affected. Restrictive
-- policies add this to the existing ones; mfa_satisfied() is evaluated once per statement.

create table if not exists jobs.mfa_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  code_hash text not null,
  created_at timestamptz not null default now(),
  used_at timestamptz
);
create index if not exists mfa_recovery_codes_user_idx on jobs.mfa_recovery_codes (user_id);

create or replace function jobs.recovery_code_hash(uid uuid, code text) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(uid::text || ':' || upper(regexp_replace(code, '[^0-9A-Za-z]', '', 'g')), 'sha256'), 'hex');
$$;

-- New codes replace the old ones. Needs an aal2 session: only someone who holds the second factor
-- may mint a way around it.
create or replace function public.generate_mfa_recovery_codes()
returns setof text
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  raw bytea;
  code text;
  i integer;
  j integer;
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if coalesce(auth.jwt() ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'a second factor is needed to create recovery codes' using errcode = '42501';
  end if;
  delete from jobs.mfa_recovery_codes c where c.user_id = uid;
  for i in 1..10 loop
    raw := extensions.gen_random_bytes(10);
    code := '';
    for j in 0..9 loop
      code := code || substr(alphabet, (get_byte(raw, j) % 32) + 1, 1);
    end loop;
    code := substr(code, 1, 5) || '-' || substr(code, 6, 5);
    insert into jobs.mfa_recovery_codes (user_id, code_hash) values (uid, jobs.recovery_code_hash(uid, code));
    return next code;
  end loop;
end
$$;

-- How many unused codes are left (the settings page shows it).
create or replace function public.mfa_recovery_codes_left()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::integer from jobs.mfa_recovery_codes c where c.user_id = auth.uid() and c.used_at is null;
$$;

-- Spends a code. Guesses count against the same limit as password confirmations (5 per 15 min).
create or replace function public.use_mfa_recovery_code(code text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  spent uuid;
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if (select count(*) from jobs.reauthentication_failures f where f.user_id = uid and f.failed_at > now() - interval '15 minutes') >= 5 then
    return jsonb_build_object('ok', false, 'reason', 'too_many_attempts');
  end if;
  update jobs.mfa_recovery_codes c set used_at = now()
   where c.id = (select x.id from jobs.mfa_recovery_codes x
                  where x.user_id = uid and x.used_at is null and x.code_hash = jobs.recovery_code_hash(uid, code)
                  limit 1 for update)
  returning c.id into spent;
  if spent is null then
    insert into jobs.reauthentication_failures (user_id) values (uid);
    return jsonb_build_object('ok', false, 'reason', 'invalid_code');
  end if;
  delete from auth.mfa_factors f where f.user_id = uid and f.factor_type::text = 'totp';
  delete from jobs.reauthentication_failures f where f.user_id = uid;
  return jsonb_build_object('ok', true, 'codes_left',
    (select count(*) from jobs.mfa_recovery_codes c where c.user_id = uid and c.used_at is null));
end
$$;

revoke all on function public.generate_mfa_recovery_codes() from public, anon;
revoke all on function public.mfa_recovery_codes_left() from public, anon;
revoke all on function public.use_mfa_recovery_code(text) from public, anon;
grant execute on function public.generate_mfa_recovery_codes() to authenticated;
grant execute on function public.mfa_recovery_codes_left() to authenticated;
grant execute on function public.use_mfa_recovery_code(text) to authenticated;
revoke all on all functions in schema jobs from public;

-- True when the caller has no verified factor, or this session passed it (aal2).
create or replace function public.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status::text = 'verified');
$$;
revoke all on function public.mfa_satisfied() from public, anon;
grant execute on function public.mfa_satisfied() to authenticated;

do $$
declare
  t text;
begin
  foreach t in array array['documents', 'document_tags', 'tags', 'portfolios', 'user_document_categories', 'account_deletions'] loop
    if to_regclass('public.' || t) is not null
       and not exists (select 1 from pg_policies where schemaname = 'public' and tablename = t and policyname = t || ': second factor when enrolled') then
      execute format(
        'create policy %I on public.%I as restrictive for all to authenticated using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()))',
        t || ': second factor when enrolled', t);
    end if;
  end loop;
end
$$;

create policy "documents bucket: second factor when enrolled" on storage.objects
  as restrictive for all to authenticated
  using (bucket_id <> 'documents' or (select public.mfa_satisfied()))
  with check (bucket_id <> 'documents' or (select public.mfa_satisfied()));
