-- Issue 27: the sessions list says how each session signed in (a passkey, a password, Google, a
-- link), from the first entry of GoTrue's auth.mfa_amr_claims — the same claim the access token's
-- `amr` carries, on hosted Supabase and on the local stack. The return type changes, so the
-- function is dropped and created again with the same grants.
drop function if exists public.my_sessions();

create function public.my_sessions()
returns table (id uuid, created_at timestamptz, last_seen_at timestamptz, user_agent text, ip text, aal text, current boolean, sign_in_method text)
language sql
stable
security definer
set search_path = ''
as $$
  select s.id,
         s.created_at,
         greatest(s.created_at, s.updated_at, s.refreshed_at::timestamptz) as last_seen_at,
         s.user_agent,
         host(s.ip) as ip,
         s.aal::text,
         s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid as current,
         (select c.authentication_method::text from auth.mfa_amr_claims c
           where c.session_id = s.id order by c.created_at, c.id limit 1) as sign_in_method
    from auth.sessions s
   where s.user_id = auth.uid()
     and (s.not_after is null or s.not_after > now())
   order by last_seen_at desc nulls last;
$$;

revoke all on function public.my_sessions() from public, anon;
grant execute on function public.my_sessions() to authenticated;
