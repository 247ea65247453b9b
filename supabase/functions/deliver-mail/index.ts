// deliver-mail: sends the product mail queued in jobs.outgoing_mail (account deletion notices,
// e-mail change notices, transfer offers, family invitations, expiry reminders) through an HTTP
// mail API with a Resend-compatible body. Called by pg_cron through pg_net on hosted Supabase;
// only with the service-role key. Rows are claimed with a lease (public.claim_outgoing_mail, the
// same claim the local stack's outbox job uses), deleted once sent, and left for a retry after
// the lease when the provider refuses them (bounded by the table's attempts column).
//
// Env: MAIL_API_URL (e.g. https://api.resend.com/emails), MAIL_API_KEY (sent as Bearer),
// MAIL_FROM (e.g. "no-reply@example.com"; sent as "Dossier <no-reply@example.com>"), SITE_URL (the
// app's public address, which every action link starts with). Without MAIL_API_URL, MAIL_FROM or
// SITE_URL it answers 503 and sends nothing. MAIL_LOCALE (e.g. "de-DE") and MAIL_TIME_ZONE (e.g.
// "Europe/Berlin") set how dates read for a recipient whose own are not known (en-GB and UTC). The mail itself is rendered by _shared/product-mail.ts,
// the same template home the local stack's outbox uses.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, withCors } from '../_shared/cors.ts';
import { renderProductMail, type MailSettings } from '../_shared/product-mail.ts';
import { env } from '../_shared/env.ts';

interface Claimed {
  id: string;
  to_address: string;
  kind: string;
  subject: string;
  body: string;
  attempts: number;
  link_path: string | null;
}

const BATCH = 50;
const MAX_BATCHES = 10;

/** One mail to the provider; null when it was accepted, otherwise why not. */
async function send(apiUrl: string, apiKey: string, settings: MailSettings, mail: Claimed): Promise<string | null> {
  const { from, subject, text, html } = renderProductMail(mail, settings);
  try {
    const res = await fetch(apiUrl, {
      method: 'POST',
      headers: {
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
        'Content-Type': 'application/json',
        'User-Agent': 'dossier-deliver-mail',
        // Resend answers a repeated key (24 h) without sending again: a lease that ran out while
        // the provider was slow cannot turn into a second mail.
        'Idempotency-Key': `outgoing-mail/${mail.id}`,
      },
      body: JSON.stringify({ from, to: [mail.to_address], subject, text, html }),
    });
    if (res.ok) {
      await res.body?.cancel();
      return null;
    }
    return `provider answered ${res.status}: ${(await res.text().catch(() => '')).slice(0, 300)}`;
  } catch (e) {
    return `provider unreachable: ${(e as Error).message}`;
  }
}

Deno.serve(withCors(async (req: Request) => {
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const token = /^bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]?.trim();
  if (!serviceKey || token !== serviceKey) return json({ error: 'forbidden', details: 'deliver-mail runs with the service role only' }, 403);
  if (req.method !== 'POST') return json({ error: 'method_not_allowed' }, 405);

  const apiUrl = env('MAIL_API_URL') ?? '';
  const apiKey = env('MAIL_API_KEY') ?? '';
  const from = env('MAIL_FROM') ?? '';
  const siteUrl = env('SITE_URL') ?? '';
  if (!apiUrl || !from || !/^https?:\/\//.test(siteUrl)) {
    return json({ error: 'mail_not_configured', details: 'set MAIL_API_URL, MAIL_API_KEY, MAIL_FROM and SITE_URL in the function secrets; nothing was sent' }, 503);
  }
  const settings: MailSettings = { siteUrl, fromAddress: from, locale: env('MAIL_LOCALE') || undefined, timeZone: env('MAIL_TIME_ZONE') || undefined };

  const admin = createClient(env('SUPABASE_URL') ?? '', serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  let sent = 0;
  const failures: { id: string; kind: string; attempts: number; error: string }[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claim = await admin.rpc('claim_outgoing_mail', { batch: BATCH });
    if (claim.error) return json({ error: 'claim_failed', details: claim.error.message, sent, failed: failures.length, failures }, 500);
    const batch = (claim.data ?? []) as Claimed[];
    for (const mail of batch) {
      const error = await send(apiUrl, apiKey, settings, mail);
      const done = error
        ? await admin.rpc('outgoing_mail_failed', { mail_id: mail.id, error })
        : await admin.rpc('outgoing_mail_sent', { mail_id: mail.id });
      if (done.error) return json({ error: 'finish_failed', details: done.error.message, sent, failed: failures.length, failures }, 500);
      if (error) failures.push({ id: mail.id, kind: mail.kind, attempts: mail.attempts, error });
      else sent++;
    }
    if (batch.length < BATCH) break;
  }
  return json({ sent, failed: failures.length, failures }, failures.length ? 207 : 200);
}));
