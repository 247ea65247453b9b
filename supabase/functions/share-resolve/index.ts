// share-resolve: what an anonymous visitor of /link/{token} or /portfolio/{token} may see.
// POST {action:'open', token, password?}  → {status, visit?, kind?, title?, documents?, …}
// POST {action:'file', visit, document_id, purpose:'preview'|'download'} → {status, url?, name?, mime_type?}
// The checks run in SQL (public.share_open / public.share_file, service_role only); only after
// they pass does this function mint a short-lived signed URL with the service-role key. Statuses:
// ok, password_required, password_invalid, expired, unavailable, forbidden, rate_limited.
import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2';
import { clientClass } from '../_shared/client-class.ts';
import { json, withCors } from '../_shared/cors.ts';
// The app's one download-name rule (issue 21 item 2); the file imports nothing, so Deno and the
// local stack's loader bundle it from shared/ as they do _shared/.
import { downloadFileName, withDownloadName } from '../../../shared/src/core/naming/download-name.ts';
import { env } from '../_shared/env.ts';

/** Signed URLs live two minutes: long enough to start a preview or a download, no longer. */
const SIGNED_URL_SECONDS = 120;

/**
 * Thumbnail URLs live five minutes: the page draws them at once; a visitor who stays longer still
 * sees the images the browser has drawn, and opening again signs new ones.
 */
const THUMBNAIL_URL_SECONDS = 300;
/** Twice the list's 48 px icon, for sharp screens; the top of a page, as the library's grid. */
const THUMBNAIL_SIZE = { width: 96, height: 96, resize: 'cover' as const, quality: 70 };

interface Extras {
  label: string;
  thumbnails: Array<{ id: string; source: string }>;
}

/**
 * Issue 22: the visitor's page shows thumbnails and the owner's name for the link. share_visit_extras
 * (service_role only) names the stored images of the shared documents for this live visit; each is
 * signed here, resized, for a few minutes. A thumbnail that cannot be signed is left out: the page
 * shows the file-type icon instead.
 */
async function withExtras(admin: SupabaseClient, opened: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (opened.status !== 'ok' || typeof opened.visit !== 'string') return opened;
  const { data } = await admin.rpc('share_visit_extras', { visit: opened.visit });
  const extras = data as Extras | null;
  if (!extras) return opened;
  const urls = new Map<string, string>();
  await Promise.all(
    extras.thumbnails.map(async ({ id, source }) => {
      const signed = await admin.storage.from('documents').createSignedUrl(source, THUMBNAIL_URL_SECONDS, { transform: THUMBNAIL_SIZE });
      if (!signed.error && signed.data) urls.set(id, signed.data.signedUrl);
    }),
  );
  const documents = ((opened.documents as Array<Record<string, unknown>> | null) ?? []).map((doc) => {
    const url = urls.get(doc.id as string);
    return url ? { ...doc, thumbnail_url: url } : doc;
  });
  return { ...opened, label: extras.label ?? '', documents };
}

/** An HMAC of the caller's address (first X-Forwarded-For entry), so rate limits never store it. */
async function clientKey(req: Request, secret: string): Promise<string> {
  const address = (req.headers.get('x-forwarded-for') ?? '').split(',')[0].trim() || 'unknown';
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`share-rate:${address}`)));
  return Array.from(mac.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

function noStore(res: Response): Response {
  res.headers.set('Cache-Control', 'no-store');
  res.headers.set('Referrer-Policy', 'no-referrer');
  return res;
}

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed' }, 405);
  let input: Record<string, unknown>;
  try {
    input = (await req.json()) as Record<string, unknown>;
  } catch {
    return json({ error: 'invalid_request', details: 'Body must be JSON' }, 400);
  }
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const admin = createClient(env('SUPABASE_URL') ?? '', serviceKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const client = clientClass(req.headers.get('user-agent'));

  if (input.action === 'open') {
    if (typeof input.token !== 'string' || (input.password !== undefined && input.password !== null && typeof input.password !== 'string')) {
      return json({ error: 'invalid_request', details: 'token (string) and optional password (string) are required' }, 400);
    }
    const { data, error } = await admin.rpc('share_open', {
      token: input.token,
      password: typeof input.password === 'string' ? input.password : null,
      client,
      client_key: await clientKey(req, serviceKey),
    });
    if (error) return json({ error: 'server_error' }, 500);
    return noStore(json(await withExtras(admin, data as Record<string, unknown>)));
  }

  if (input.action === 'file') {
    const purpose = input.purpose === 'download' ? 'download' : 'preview';
    if (typeof input.visit !== 'string' || typeof input.document_id !== 'string' || !/^[0-9a-f-]{36}$/i.test(input.document_id)) {
      return json({ error: 'invalid_request', details: 'visit and document_id are required' }, 400);
    }
    const { data, error } = await admin.rpc('share_file', { visit: input.visit, document_id: input.document_id, purpose });
    if (error) return json({ error: 'server_error' }, 500);
    const answer = data as { status: string; storage_path?: string; name?: string; mime_type?: string };
    if (answer.status !== 'ok' || !answer.storage_path) return noStore(json({ status: answer.status }));
    const signed = await admin.storage.from('documents').createSignedUrl(answer.storage_path, SIGNED_URL_SECONDS);
    if (signed.error || !signed.data) return json({ error: 'server_error' }, 500);
    const fileName = downloadFileName({ name: answer.name ?? '', storagePath: answer.storage_path, mimeType: answer.mime_type });
    const url = purpose === 'download' ? withDownloadName(signed.data.signedUrl, fileName) : signed.data.signedUrl;
    return noStore(json({ status: 'ok', url, name: answer.name, file_name: fileName, mime_type: answer.mime_type }));
  }

  return json({ error: 'invalid_request', details: "action must be 'open' or 'file'" }, 400);
}));
