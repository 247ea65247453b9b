-- A transfer that cannot be accepted says which documents stop it (issue 21 item 4: "the same
-- honesty everywhere a bulk action reports … transfers"; ADR 0351).
--
-- Accepting stays all or nothing (ADR 0100): the person's report is "all N moved" or "nothing
-- moved, because of these". Before, a refusal said "Some of the offered documents are no longer
-- available" without naming one. transfer_accept_begin (SECURITY DEFINER, in `private` since
-- 20261127900100; its public wrapper keeps name and grants) now counts and names them, and gives
-- each copy its document's name, so transfer-accept can name the file it could not copy.
-- Unchanged otherwise from 20261124000100_transfers.sql.

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
  missing integer;
  missing_names text;
  offered integer;
begin
  perform public.transfer_check_pending(t);
  if t.claimed_until is not null and t.claimed_until > now() then
    perform public.transfer_refuse('This transfer is being accepted already.', '55000');
  end if;
  -- Which ones, by the names the offer showed: the person (and the sender they will ask) can act on
  -- names, not on "some".
  select count(*), string_agg(format('“%s”', i.name), ', ' order by i.position) into missing, missing_names
    from public.transfer_items i
    left join public.documents d on d.id = i.document_id and d.user_id = t.sender_id and d.deleted_at is null
   where i.transfer_id = t.id and d.id is null;
  if missing > 0 then
    offered := (select count(*) from public.transfer_items i where i.transfer_id = t.id);
    perform public.transfer_refuse(
      case when offered = 1 then format('%s is no longer available, so nothing was moved. Ask the sender to offer it again.', missing_names)
           else format('%s of the %s offered documents %s no longer available: %s. Nothing was moved; ask the sender to offer %s again.',
                       missing, offered, case when missing = 1 then 'is' else 'are' end, missing_names, case when missing = 1 then 'it' else 'them' end)
      end, '55000');
  end if;
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
