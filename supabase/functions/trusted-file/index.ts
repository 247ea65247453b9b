// trusted-file: a trusted contact whose access is open previews or downloads one of the owner's
// documents (issue 13 §2, ADR 0101). public.trusted_file, run as the signed-in contact, decides
// (access open, the document live and in a chosen portfolio) and logs the opening in both people's
// history; only then is a two-minute signed URL minted with the service role.
// POST {trusted_contact_id, document_id, purpose?: 'preview'|'download'} → {url, name, mime_type}
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, withCors } from '../_shared/cors.ts';
import { env } from '../_shared/env.ts';

const SIGNED_URL_SECONDS = 120;
const UUID = /^[0-9a-f-]{36}$/i;

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', message: 'Use POST' }, 405);
  const input = (await req.json().catch(() => ({}))) as { trusted_contact_id?: unknown; document_id?: unknown; purpose?: unknown };
  if (typeof input.trusted_contact_id !== 'string' || !UUID.test(input.trusted_contact_id) || typeof input.document_id !== 'string' || !UUID.test(input.document_id)) {
    return json({ error: 'invalid_request', message: 'trusted_contact_id and document_id are required' }, 400);
  }
  const url = env('SUPABASE_URL') ?? '';
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  const asContact = createClient(url, env('SUPABASE_ANON_KEY') ?? '', {
    ...options,
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  });
  const checked = await asContact.rpc('trusted_file', { trusted_contact_id: input.trusted_contact_id, document_id: input.document_id });
  if (checked.error) {
    const refused = checked.error.hint === 'transfer';
    return json(refused ? { error: 'refused', message: checked.error.message } : { error: 'server_error' }, refused ? 403 : 500);
  }
  const file = checked.data as { storage_path: string; name: string; mime_type: string };
  const admin = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY') ?? '', options);
  const signed = await admin.storage
    .from('documents')
    .createSignedUrl(file.storage_path, SIGNED_URL_SECONDS, input.purpose === 'download' ? { download: file.name } : undefined);
  if (signed.error || !signed.data) return json({ error: 'unavailable', message: 'The file is not available right now.' }, 404);
  const res = json({ url: signed.data.signedUrl, name: file.name, mime_type: file.mime_type });
  res.headers.set('Cache-Control', 'no-store');
  return res;
}));
