// calendar-feed: a person's document expiries as an iCalendar feed (issue 15 §3, ADR 0112), at a
// secret URL they subscribe to from Google Calendar or Apple Calendar:
//   GET /functions/v1/calendar-feed?token=<64 hex>
// One all-day event per expiry, with the person's reminders (90, 30, 7 days before, the day) as
// alarms at 09:00. Calendar apps send no credentials, so the token is the only key (verify_jwt is
// off); an unknown token — the feed is off or was regenerated — answers 404.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { createEvents, type EventAttributes } from 'npm:ics@3.12.0';
import { json, withCors } from '../_shared/cors.ts';
import { env } from '../_shared/env.ts';

interface FeedRow {
  document_id: string | null;
  name: string | null;
  expires_on: string | null;
  days_before: number[] | null;
}

const dateParts = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y, m, d];
};

const nextDay = (iso: string): [number, number, number] => {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
};

/** An alarm `days` before an all-day event, at 09:00 that day. */
const alarm = (name: string, days: number) => ({
  action: 'display' as const,
  description: days === 0 ? `${name} expires today` : `${name} expires in ${days} days`,
  trigger: days === 0 ? { hours: 9, minutes: 0, before: false } : { days: days - 1, hours: 15, minutes: 0, before: true },
});

export function feedEvents(rows: FeedRow[], appUrl: string): EventAttributes[] {
  return rows
    .filter((r): r is Required<{ [K in keyof FeedRow]: NonNullable<FeedRow[K]> }> => Boolean(r.document_id && r.name && r.expires_on))
    .map((r) => ({
      uid: `${r.document_id}-${r.expires_on}@dossier`,
      start: dateParts(r.expires_on),
      end: nextDay(r.expires_on),
      title: `${r.name} expires`,
      description: `Your document “${r.name}” expires on this day. Renew it, then add the new one in Dossier.`,
      url: `${appUrl}/documents?doc=${r.document_id}`,
      categories: ['Dossier'],
      alarms: [...new Set(r.days_before ?? [])].sort((a, b) => b - a).map((days) => alarm(r.name, days)),
    }));
}

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return json({ error: 'method_not_allowed' }, 405);
  const token = new URL(req.url).searchParams.get('token') ?? '';
  if (!/^[0-9a-f]{64}$/.test(token)) return json({ error: 'not_found' }, 404);
  const admin = createClient(env('SUPABASE_URL') ?? '', env('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.rpc('calendar_feed_events', { token });
  if (error) return json({ error: 'unavailable' }, 503);
  const rows = (data ?? []) as FeedRow[];
  if (rows.length === 0) return json({ error: 'not_found' }, 404);
  const appUrl = (env('SITE_URL') ?? 'http://127.0.0.1:4200').replace(/\/$/, '');
  const { error: icsError, value } = createEvents(feedEvents(rows, appUrl), { productId: 'dossier/calendar-feed', calName: 'Dossier — expiries' });
  if (icsError || !value) return json({ error: 'unavailable' }, 500);
  return new Response(req.method === 'HEAD' ? null : value, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="dossier-expiries.ics"',
      // Calendar apps poll; the secret is in the URL, so no shared cache may keep it.
      'Cache-Control': 'private, max-age=900',
      'Referrer-Policy': 'no-referrer',
    },
  });
}));
