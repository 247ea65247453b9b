// transfer-accept: the recipient accepts a transfer (issue 13 §1, ADR 0100). Every decision is
// Postgres's, made as the signed-in recipient (transfer_accept_begin / _finish / _abandon check
// auth.uid()); this function only moves bytes, which SQL cannot do: it copies the sender's objects
// under the recipient's folder with the service role BEFORE the one transaction that moves the
// rows, and removes the copies again if anything fails, so the sender is untouched until commit.
// POST {transfer_id} → 200 {moved} | 4xx {error, message}
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { json, withCors } from '../_shared/cors.ts';
// The storage layout's one thumbnail rule (ADR 0120); the file imports nothing, so Deno and the
// local stack's loader bundle it from shared/ as they do _shared/.
import { thumbnailPathOf } from '../../../shared/src/core/naming/thumbnail-path.ts';
import { env } from '../_shared/env.ts';

const BUCKET = 'documents';

interface Copy {
  from: string;
  to: string;
  /** The document's name as offered (20261128100100), for a refusal that names it. */
  name?: string;
}

interface RpcError {
  message: string;
  code?: string;
  hint?: string;
}

/** A refusal written by the transfer functions (hint 'transfer') is shown to the person as it is. */
function refusal(error: RpcError): Response {
  const status = error.code === '42501' ? 403 : error.code === '55000' ? 409 : error.code === 'P0001' ? 422 : 400;
  if (error.hint === 'transfer' || error.code === 'P0001') return json({ error: 'refused', message: error.message }, status);
  return json({ error: 'server_error', message: 'The transfer could not be accepted. Try again.' }, 500);
}

/**
 * Issue 22: a transferred PDF lost its thumbnail, as only the file itself was copied. Thumbnails
 * follow their files once the rows have moved; one that is missing (an image, a PDF whose page
 * could not be drawn) or fails to copy is never a reason to undo a transfer.
 */
async function copyThumbnails(admin: SupabaseClient, copies: Copy[]): Promise<void> {
  for (const copy of copies) {
    await admin.storage.from(BUCKET).copy(thumbnailPathOf(copy.from), thumbnailPathOf(copy.to)).catch(() => undefined);
  }
}

async function removeQuietly(admin: SupabaseClient, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await admin.storage.from(BUCKET).remove(keys).catch(() => undefined);
}

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', message: 'Use POST' }, 405);
  const authorization = req.headers.get('Authorization') ?? '';
  const input = (await req.json().catch(() => ({}))) as { transfer_id?: unknown };
  const transferId = typeof input.transfer_id === 'string' && /^[0-9a-f-]{36}$/i.test(input.transfer_id) ? input.transfer_id : null;
  if (!transferId) return json({ error: 'invalid_request', message: 'transfer_id is required' }, 400);

  const url = env('SUPABASE_URL') ?? '';
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const asRecipient = createClient(url, env('SUPABASE_ANON_KEY') ?? '', { ...options, global: { headers: { Authorization: authorization } } });
  const admin = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY') ?? '', options);

  const begun = await asRecipient.rpc('transfer_accept_begin', { transfer_id: transferId });
  if (begun.error) return refusal(begun.error);
  const { claim, copies } = begun.data as { claim: string; copies: Copy[] };

  const abandon = async () => {
    const safe = await asRecipient.rpc('transfer_accept_abandon', { transfer_id: transferId, claim });
    await removeQuietly(admin, (safe.data as string[] | null) ?? []);
  };

  // Leftovers of an attempt that died before cleaning up (the claim guarantees no other accept
  // of this offer is running now), then the copies.
  await removeQuietly(admin, copies.flatMap((c) => [c.to, thumbnailPathOf(c.to)]));
  for (const copy of copies) {
    const copied = await admin.storage.from(BUCKET).copy(copy.from, copy.to);
    if (copied.error) {
      await abandon();
      const full = /limit/i.test(copied.error.message);
      const which = copy.name ? `“${copy.name}”` : 'A file of this transfer';
      return json(
        { error: 'refused', message: full ? "The recipient's plan has no room for these files." : `${which} could not be copied, so nothing was moved. Try again.` },
        full ? 422 : 409,
      );
    }
  }

  const finished = await asRecipient.rpc('transfer_accept_finish', { transfer_id: transferId, claim });
  if (finished.error) {
    await abandon();
    return refusal(finished.error);
  }
  const { moved, remove } = finished.data as { moved: number; remove: string[] };
  await copyThumbnails(admin, copies);
  // The sender's old objects (and their thumbnails): removed now; the files are queued for the
  // storage sweeper too, and the orphan sweep takes a thumbnail whose document moved on.
  await removeQuietly(admin, [...remove, ...remove.map(thumbnailPathOf)]);
  return json({ moved });
}));
