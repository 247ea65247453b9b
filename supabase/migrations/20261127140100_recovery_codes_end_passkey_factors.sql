-- Issue 27: a passkey can be the second step (a GoTrue WebAuthn factor). A recovery code stands in
-- for every second factor the person lost — authenticator app and passkey alike — so it now ends
-- WebAuthn factors too. Otherwise the same function as 20261123000653.
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
  delete from auth.mfa_factors f where f.user_id = uid and f.factor_type::text in ('totp', 'webauthn');
  delete from jobs.reauthentication_failures f where f.user_id = uid;
  return jsonb_build_object('ok', true, 'codes_left',
    (select count(*) from jobs.mfa_recovery_codes c where c.user_id = uid and c.used_at is null));
end
$$;

revoke all on function public.use_mfa_recovery_code(text) from public, anon;
grant execute on function public.use_mfa_recovery_code(text) to authenticated;
