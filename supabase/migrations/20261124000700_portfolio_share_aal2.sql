-- aal2 for portfolios and sharing (issue 11, ADR 0099 / ADR 0160): a person with a verified second
-- factor needs an aal2 session for their checklists, their share links and those links' view logs,
-- exactly as for documents. `portfolios` itself got the rule with the documents (000653).
--
-- Restrictive policies narrow the owner policies for direct table access. The definer functions
-- a browser calls (create_share_link, set_share_link_password, list_share_links) bypass RLS, so
-- they are held to the same rule: writes through a trigger on the rows they touch, the list by
-- redefining it with the check in its WHERE. Visitors (share_open / share_file run as service_role
-- with no auth.uid()) are not affected: a shared link keeps working while its owner is signed out.

do $$
declare
  t text;
begin
  foreach t in array array['portfolio_checklist_items', 'share_links', 'share_views'] loop
    if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = t and policyname = t || ': second factor when enrolled') then
      execute format(
        'create policy %I on public.%I as restrictive for all to authenticated using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()))',
        t || ': second factor when enrolled', t);
    end if;
  end loop;
end
$$;

-- A signed-in caller (auth.uid() set) who owes a second factor may not create or change a link or
-- its password, whichever door they come through. Service-role callers (the share resolver counting
-- a view) have no auth.uid() and pass.
create or replace function public.share_links_need_second_factor() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null and not public.mfa_satisfied() then
    raise exception 'a second factor is needed to change share links' using errcode = '42501';
  end if;
  return coalesce(new, old);
end
$$;
revoke all on function public.share_links_need_second_factor() from public, anon, authenticated;

drop trigger if exists share_links_second_factor on public.share_links;
create trigger share_links_second_factor
  before insert or update or delete on public.share_links
  for each row execute function public.share_links_need_second_factor();
drop trigger if exists share_link_secrets_second_factor on public.share_link_secrets;
create trigger share_link_secrets_second_factor
  before insert or update on public.share_link_secrets
  for each row execute function public.share_links_need_second_factor();

create or replace function public.list_share_links(document_id uuid default null, portfolio_id uuid default null)
returns table (
  id uuid,
  document_id uuid,
  portfolio_id uuid,
  label text,
  expires_at timestamptz,
  max_views integer,
  view_count integer,
  allow_download boolean,
  revoked_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  has_password boolean,
  state text,
  last_viewed_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select l.id, l.document_id, l.portfolio_id, l.label, l.expires_at, l.max_views, l.view_count,
         l.allow_download, l.revoked_at, l.created_at, l.updated_at,
         exists (select 1 from public.share_link_secrets s where s.link_id = l.id and s.password_hash is not null),
         case
           when l.revoked_at is not null then 'revoked'
           when l.expires_at is not null and l.expires_at <= now() then 'expired'
           when l.max_views is not null and l.view_count >= l.max_views then 'used_up'
           else 'active'
         end,
         (select max(v.viewed_at) from public.share_views v where v.link_id = l.id)
    from public.share_links l
   where l.user_id = (select auth.uid())
     and (select public.mfa_satisfied())
     and (list_share_links.document_id is null or l.document_id = list_share_links.document_id)
     and (list_share_links.portfolio_id is null or l.portfolio_id = list_share_links.portfolio_id)
   order by l.created_at desc;
$$;
revoke all on function public.list_share_links(uuid, uuid) from public, anon;
grant execute on function public.list_share_links(uuid, uuid) to authenticated;
