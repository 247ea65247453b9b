-- Sign-in security (issue 14 §2, ADR 0097): a person sees their active sessions (device, last
-- seen) and can end one. GoTrue has no endpoint for either, so two SECURITY DEFINER functions read
-- and delete auth.sessions rows of the caller only; ending every other session goes through
-- GoTrue's own POST /logout?scope=others. Nothing here trusts a value the browser sends about who
-- it is: the user and the current session come from the verified JWT.

create or replace function public.my_sessions()
returns table (id uuid, created_at timestamptz, last_seen_at timestamptz, user_agent text, ip text, aal text, current boolean)
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
         s.id = nullif(auth.jwt() ->> 'session_id', '')::uuid as current
    from auth.sessions s
   where s.user_id = auth.uid()
     and (s.not_after is null or s.not_after > now())
   order by last_seen_at desc nulls last;
$$;

create or replace function public.end_my_session(session_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  delete from auth.sessions s where s.id = session_id and s.user_id = auth.uid();
  return found;
end
$$;

revoke all on function public.my_sessions() from public, anon;
revoke all on function public.end_my_session(uuid) from public, anon;
grant execute on function public.my_sessions() to authenticated;
grant execute on function public.end_my_session(uuid) to authenticated;
