-- Hardening found by the self-host review (issue #10) and the database lint
-- (local-stack/test/database-lint.test.ts):
-- 1. Trigger functions are not API: anon/authenticated must not EXECUTE them (they are
--    SECURITY DEFINER, so PostgREST would expose them as /rpc/… to anyone with the anon key).
-- 2. Eleven policies called auth.uid() once per row; `(select auth.uid())` is evaluated once per
--    statement (Supabase's auth_rls_initplan lint). Same rules, rewritten in place.
-- 3. merge_tags / delete_document_category answered another person's id with SQLSTATE P0002,
--    which PostgREST maps to 500. PT404 is PostgREST's way for a function to say 404.

revoke execute on function public.document_tags_changed() from public, anon, authenticated;
revoke execute on function public.tags_renamed() from public, anon, authenticated;

alter policy "document_tags: own documents and tags" on public.document_tags
  using (
    exists (select 1 from public.documents d where d.id = document_tags.document_id and d.user_id = (select auth.uid()))
    and exists (select 1 from public.tags t where t.id = document_tags.tag_id and t.user_id = (select auth.uid()))
  )
  with check (
    exists (select 1 from public.documents d where d.id = document_tags.document_id and d.user_id = (select auth.uid()))
    and exists (select 1 from public.tags t where t.id = document_tags.tag_id and t.user_id = (select auth.uid()))
  );

alter policy "documents: read own" on public.documents using (user_id = (select auth.uid()));
alter policy "documents: delete own" on public.documents using (user_id = (select auth.uid()));
alter policy "documents: insert own" on public.documents
  with check (
    user_id = (select auth.uid())
    and (category_id is null or exists (select 1 from public.user_document_categories c where c.id = documents.category_id and c.user_id = (select auth.uid())))
    and (portfolio_id is null or exists (select 1 from public.portfolios p where p.id = documents.portfolio_id and p.user_id = (select auth.uid())))
  );
alter policy "documents: update own" on public.documents
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (category_id is null or exists (select 1 from public.user_document_categories c where c.id = documents.category_id and c.user_id = (select auth.uid())))
    and (portfolio_id is null or exists (select 1 from public.portfolios p where p.id = documents.portfolio_id and p.user_id = (select auth.uid())))
  );

alter policy "portfolios: own rows" on public.portfolios using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
alter policy "tags: own rows" on public.tags using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

alter policy "Users add their own categories" on public.user_document_categories with check ((select auth.uid()) = user_id);
alter policy "Users change their own categories" on public.user_document_categories using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
alter policy "Users delete their own categories" on public.user_document_categories using ((select auth.uid()) = user_id);
alter policy "Users read their own categories" on public.user_document_categories using ((select auth.uid()) = user_id);

create or replace function public.merge_tags(source_ids uuid[], target_id uuid)
returns void
language plpgsql
security invoker
set search_path = public, pg_temp
as $$
begin
  if not exists (select 1 from public.tags t where t.id = target_id and t.user_id = (select auth.uid())) then
    raise exception 'tag not found' using errcode = 'PT404';
  end if;
  insert into public.document_tags (document_id, tag_id)
  select distinct dt.document_id, target_id
    from public.document_tags dt
    join public.tags t on t.id = dt.tag_id and t.user_id = (select auth.uid())
   where dt.tag_id = any(source_ids) and dt.tag_id <> target_id
  on conflict do nothing;
  delete from public.tags t where t.id = any(source_ids) and t.id <> target_id and t.user_id = (select auth.uid());
end
$$;

create or replace function public.delete_document_category(category_id uuid)
returns uuid
language plpgsql
security invoker
set search_path = public, pg_temp
as $$
declare
  misc uuid;
  target uuid := category_id;
begin
  if not exists (select 1 from public.user_document_categories c where c.id = target and c.user_id = (select auth.uid())) then
    raise exception 'category not found' using errcode = 'PT404';
  end if;
  select c.id into misc
    from public.user_document_categories c
   where c.user_id = (select auth.uid()) and c.name = 'Miscellaneous'
   limit 1;
  if misc is null then
    insert into public.user_document_categories (user_id, name) values ((select auth.uid()), 'Miscellaneous') returning id into misc;
  end if;
  if misc = target then
    raise exception 'Miscellaneous cannot be deleted' using errcode = '22023';
  end if;
  update public.documents d set category_id = misc where d.category_id = target and d.user_id = (select auth.uid());
  delete from public.user_document_categories c where c.id = target and c.user_id = (select auth.uid());
  return misc;
end
$$;
