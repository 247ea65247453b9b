-- A transfer refused in its last step names the documents that stop it, as the first step does
-- since 20261128100100 (issue 21; ADR 0351). Before, a document trashed between "Accept" and the
-- commit gave "Some of the offered documents are no longer available" — the one refusal left that
-- named nothing. Both steps now share one refusal (private.transfer_refuse_unavailable); the two
-- functions are restated whole, unchanged otherwise (transfer_accept_finish from
-- 20261124000100_transfers.sql, in `private` since 20261127900100; transfer_accept_begin from
-- 20261128100100).

-- The one refusal for offered documents that are gone (trashed or no longer the sender's): by the
-- names the offer showed, so the person (and the sender they will ask) can act on names, not on
-- "some". Returns quietly when every offered document is still there.
create or replace function private.transfer_refuse_unavailable(t public.transfers) returns void
language plpgsql
stable
set search_path = ''
as $$
declare
  missing integer;
  missing_names text;
  offered integer;
begin
  select count(*), string_agg(format('“%s”', i.name), ', ' order by i.position) into missing, missing_names
    from public.transfer_items i
    left join public.documents d on d.id = i.document_id and d.user_id = t.sender_id and d.deleted_at is null
   where i.transfer_id = t.id and d.id is null;
  if missing = 0 then
    return;
  end if;
  offered := (select count(*) from public.transfer_items i where i.transfer_id = t.id);
  perform public.transfer_refuse(
    case when offered = 1 then format('%s is no longer available, so nothing was moved. Ask the sender to offer it again.', missing_names)
         else format('%s of the %s offered documents %s no longer available: %s. Nothing was moved; ask the sender to offer %s again.',
                     missing, offered, case when missing = 1 then 'is' else 'are' end, missing_names, case when missing = 1 then 'it' else 'them' end)
    end, '55000');
end
$$;

revoke all on function private.transfer_refuse_unavailable(public.transfers) from public, anon, authenticated;

create or replace function private.transfer_accept_begin(transfer_id uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers := public.transfer_for_recipient(transfer_id);
  token uuid := gen_random_uuid();
  copies jsonb;
begin
  perform public.transfer_check_pending(t);
  if t.claimed_until is not null and t.claimed_until > now() then
    perform public.transfer_refuse('This transfer is being accepted already.', '55000');
  end if;
  perform private.transfer_refuse_unavailable(t);
  perform public.transfer_check_room(me, (select count(*)::bigint from public.transfer_items i where i.transfer_id = t.id),
                                      (select coalesce(sum(d.size), 0)::bigint from public.transfer_items i join public.documents d on d.id = i.document_id where i.transfer_id = t.id));
  update public.transfers x set claim = token, claimed_until = now() + interval '5 minutes' where x.id = t.id;
  select coalesce(jsonb_agg(jsonb_build_object('from', d.storage_path, 'to', public.transfer_target_path(me, i, d.storage_path), 'name', i.name) order by i.position), '[]'::jsonb)
    into copies
    from public.transfer_items i join public.documents d on d.id = i.document_id
   where i.transfer_id = t.id;
  return jsonb_build_object('claim', token, 'copies', copies);
end
$$;

create or replace function private.transfer_accept_finish(transfer_id uuid, claim uuid) returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  t public.transfers := public.transfer_for_recipient(transfer_id);
  item public.transfer_items;
  doc public.documents;
  target text;
  target_folio uuid;
  misc uuid;
  mapped uuid;
  old_paths text[] := '{}';
  moved integer := 0;
  tagset jsonb;
  tag jsonb;
begin
  perform public.transfer_check_pending(t);
  -- The history triggers stay quiet: this function writes the one 'transferred' event itself.
  perform set_config('dossier.history_off', 'on', true);
  if t.claim is distinct from transfer_accept_finish.claim or t.claimed_until is null or t.claimed_until <= now() then
    perform public.transfer_refuse('This accept took too long; try again.', '55000');
  end if;

  -- The recipient's categories (the default list if they never opened the app).
  if not exists (select 1 from public.user_document_categories c where c.user_id = me) then
    insert into public.user_document_categories (user_id, name, description, sort_order)
    select me, d.name, d.description, d.sort_order from public.default_document_categories d
    on conflict (user_id, name) do nothing;
  end if;
  select c.id into misc from public.user_document_categories c where c.user_id = me and c.name = 'Miscellaneous';

  -- The portfolio, if one was offered: moved (renamed when the name is taken) or copied.
  if t.portfolio_id is not null then
    if t.keep_copy then
      insert into public.portfolios (user_id, name, description, color, icon)
      select me, public.transfer_free_portfolio_name(me, p.name), p.description, p.color, p.icon
        from public.portfolios p where p.id = t.portfolio_id and p.user_id = t.sender_id
      returning id into target_folio;
    else
      update public.portfolios p set user_id = me, name = public.transfer_free_portfolio_name(me, p.name)
       where p.id = t.portfolio_id and p.user_id = t.sender_id
      returning p.id into target_folio;
      -- Checklist slots come along; a slot whose document stays with the sender is emptied.
      update public.portfolio_checklist_items ci
         set user_id = me,
             document_id = case when ci.document_id in (select i.document_id from public.transfer_items i where i.transfer_id = t.id) then ci.document_id end
       where ci.portfolio_id = t.portfolio_id;
      update public.share_links l set revoked_at = now() where l.portfolio_id = t.portfolio_id and l.revoked_at is null;
    end if;
    if target_folio is null then
      perform public.transfer_refuse('The offered portfolio is no longer available; ask the sender to offer it again.', '55000');
    end if;
  end if;

  if not t.keep_copy then
    perform public.transfer_check_room(me, (select count(*)::bigint from public.transfer_items i where i.transfer_id = t.id), 0);
  end if;

  -- Every offered document, locked before any moves, then the one refusal that names what is gone
  -- since step 1 (inside the loop, a moved document would no longer count as the sender's).
  perform 1 from public.documents d
   where d.id in (select i.document_id from public.transfer_items i where i.transfer_id = t.id)
     and d.user_id = t.sender_id
   order by d.id
     for update;
  perform private.transfer_refuse_unavailable(t);

  for item in select * from public.transfer_items i where i.transfer_id = t.id order by i.position loop
    select * into doc from public.documents d
     where d.id = item.document_id and d.user_id = t.sender_id and d.deleted_at is null
     for update;
    if not found then
      -- Not reachable after the locked check above; kept so a row can never be moved half-read.
      perform public.transfer_refuse('Some of the offered documents are no longer available; ask the sender to offer them again.', '55000');
    end if;
    target := public.transfer_target_path(me, item, doc.storage_path);
    if not exists (select 1 from storage.objects o where o.bucket_id = 'documents' and o.name = target) then
      perform public.transfer_refuse('A file of this transfer could not be copied; try again.', '55000');
    end if;
    update storage.objects o set owner = me, owner_id = me::text where o.bucket_id = 'documents' and o.name = target;
    mapped := coalesce(
      (select rc.id from public.user_document_categories sc
         join public.user_document_categories rc on rc.user_id = me and lower(rc.name) = lower(sc.name)
        where sc.id = doc.category_id),
      misc);

    -- The sender's tags of this document, by name and colour, before any link changes.
    select coalesce(jsonb_agg(jsonb_build_object('name', tg.name, 'color', tg.color)), '[]'::jsonb) into tagset
      from public.document_tags dt join public.tags tg on tg.id = dt.tag_id
     where dt.document_id = doc.id and tg.user_id = t.sender_id;

    if t.keep_copy then
      insert into public.documents (id, user_id, name, category_id, portfolio_id, storage_path, mime_type, size, sha256, notes,
                                    extracted_text, extraction_status, source, issued_on, expires_on)
      values (item.new_document_id, me, doc.name, mapped, target_folio, target, doc.mime_type, doc.size, doc.sha256, doc.notes,
              doc.extracted_text, doc.extraction_status, doc.source, doc.issued_on, doc.expires_on);
    else
      delete from public.document_tags dt where dt.document_id = doc.id
        and dt.tag_id in (select tg.id from public.tags tg where tg.user_id = t.sender_id);
      update public.documents d
         set user_id = me, storage_path = target, category_id = mapped, portfolio_id = target_folio,
             drive_file_id = null, drive_modified_time = null
       where d.id = doc.id;
      update public.share_links l set revoked_at = now() where l.document_id = doc.id and l.revoked_at is null;
      old_paths := old_paths || doc.storage_path;
    end if;

    for tag in select x from jsonb_array_elements(tagset) x loop
      insert into public.document_tags (document_id, tag_id)
      values (item.new_document_id, public.transfer_tag_for(me, tag ->> 'name', tag ->> 'color'))
      on conflict do nothing;
    end loop;

    insert into public.document_events (document_id, actor_id, actor_email, kind, detail, previous_owner_id)
    values (item.new_document_id, me, t.recipient_email, 'transferred',
            jsonb_build_object('name', doc.name, 'transfer_id', t.id, 'from', t.sender_email, 'to', t.recipient_email, 'kept_copy', t.keep_copy),
            t.sender_id);
    if t.keep_copy then
      insert into public.document_events (document_id, actor_id, actor_email, kind, detail)
      values (doc.id, me, t.recipient_email, 'copied_to', jsonb_build_object('name', doc.name, 'transfer_id', t.id, 'to', t.recipient_email));
    end if;
    moved := moved + 1;
  end loop;

  if cardinality(old_paths) > 0 then
    insert into jobs.object_deletions (bucket_id, name, reason)
    select 'documents', x, 'transfer' from unnest(old_paths) x
    on conflict (bucket_id, name) do nothing;
  end if;

  update public.transfers x
     set state = 'accepted', decided_at = now(), recipient_id = me, claim = null, claimed_until = null
   where x.id = t.id;
  insert into public.transfer_events (transfer_id, actor_id, kind) values (t.id, me, 'accepted');
  perform public.transfer_mail(t.sender_id, t.sender_email, 'transfer_accepted',
    format('%s accepted %s', t.recipient_email, public.transfer_what(t)),
    format(E'%s accepted the transfer of %s. %s', t.recipient_email, public.transfer_what(t),
           case when t.keep_copy then 'You keep your own copy.' else 'The documents are now theirs and no longer in your library.' end));
  return jsonb_build_object('moved', moved, 'remove', to_jsonb(old_paths));
end
$$;
