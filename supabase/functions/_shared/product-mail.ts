// Product mail's one template home (issue 21 item 5, ADR 0272): the deliver-mail Edge Function
// (hosted) and the local stack's outbox job render every queued jobs.outgoing_mail row here, so
// both send the same mail. The SQL that queues a mail writes its words (subject, paragraphs
// separated by a blank line) and, where it knows one, the path of the action (link_path); this
// module adds the action link from the deployment's public app address (SITE_URL), the sender
// name, and builds a plain-text and an HTML part that say the same.
//
// Imports nothing: Deno loads it by relative path, the local stack by its esbuild loader and tsx.

export interface QueuedMail {
  kind: string;
  subject: string;
  body: string;
  /** The app path of the mail's action ('/transfers', '/documents?doc=…'), when the SQL knows it. */
  link_path?: string | null;
  /** The recipient's own locale and time zone, where the product knows them (it stores none yet). */
  locale?: string | null;
  time_zone?: string | null;
}

export interface MailSettings {
  /** The deployment's public app address (SITE_URL), e.g. https://dossier.example.com. */
  siteUrl: string;
  /** A bare address ("no-reply@example.com") or one with a name already ("Dossier <…>"). */
  fromAddress: string;
  productName?: string;
  /** The deployment's default locale for dates (MAIL_LOCALE), e.g. 'en-GB', 'de-DE'; en-GB when unset. */
  locale?: string;
  /** The deployment's default time zone (MAIL_TIME_ZONE), e.g. 'Europe/Lisbon'; UTC when unset. */
  timeZone?: string;
}

export interface RenderedMail {
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, or null for a mail that asks for nothing (the account is gone). */
  link: string | null;
}

export const PRODUCT_NAME = 'Dossier';

const EMERGENCY = '/transfers?tab=emergency';

/** Every kind of product mail: what its button says and where it leads when the row names no path. */
export const MAIL_ACTIONS: Readonly<Record<string, { label: string; path: string } | null>> = {
  transfer_offered: { label: 'Review the offer', path: '/transfers' },
  transfer_accepted: { label: 'Open your transfers', path: '/transfers' },
  transfer_declined: { label: 'Open your transfers', path: '/transfers' },
  transfer_expired: { label: 'Open your transfers', path: '/transfers' },
  trusted_contact_named: { label: 'Open emergency access', path: EMERGENCY },
  trusted_access_requested: { label: 'Review the request', path: EMERGENCY },
  trusted_access_denied: { label: 'Open emergency access', path: EMERGENCY },
  trusted_access_revoked: { label: 'Open emergency access', path: EMERGENCY },
  trusted_access_granted: { label: 'Read the documents', path: EMERGENCY },
  trusted_access_opened: { label: 'Manage emergency access', path: EMERGENCY },
  family_invitation: { label: 'Accept the invitation', path: '/settings' },
  'expiry-reminder': { label: 'Open the document', path: '/documents' },
  account_deletion_scheduled: { label: 'Keep my account', path: '/settings' },
  account_deletion_cancelled: { label: 'Open Dossier', path: '/documents' },
  account_deleted: null,
};

// Counted units the SQL writes as "%s days": "1 days" reads as a mistake.
const ONE_OF = /\b1 (day|document|file|hour|minute|week|month|year|portfolio|person|people)s?\b/g;
const SINGULAR: Record<string, string> = { people: 'person' };

/** One paragraph: whitespace (double spaces, stray line breaks) collapsed, "1 days" → "1 day". */
function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ONE_OF, (_, unit: string) => `1 ${SINGULAR[unit] ?? unit}`);
}

export const DEFAULT_MAIL_LOCALE = 'en-GB';
export const DEFAULT_MAIL_TIME_ZONE = 'UTC';

/**
 * Dates the SQL writes as tokens (jobs.mail_date / mail_day / mail_time, migration
 * 20261128100000): `{{date:2027-03-01}}` a calendar date (an expiry: the same day everywhere),
 * `{{day:2026-12-27T10:00:00Z}}` the day of an instant, `{{time:…}}` its day and time, both in the
 * recipient's time zone. SQL can only write one language and UTC; the person reads their own.
 */
const DATE_TOKEN = /\{\{(date|day|time):([0-9T:.+\-Z ]+)\}\}/g;

/** A locale and a time zone Intl accepts: the first of the candidates that works. */
function pick<T>(candidates: Array<string | null | undefined>, fallback: string, test: (value: string) => T): string {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      test(candidate);
      return candidate;
    } catch {
      // An unknown locale or zone: the next one (a typo in a setting never breaks a mail).
    }
  }
  return fallback;
}

export function mailDateFormatter(mail: Pick<QueuedMail, 'locale' | 'time_zone'>, settings: Pick<MailSettings, 'locale' | 'timeZone'>): (text: string) => string {
  const locale = pick([mail.locale, settings.locale], DEFAULT_MAIL_LOCALE, (l) => new Intl.DateTimeFormat(l));
  const timeZone = pick([mail.time_zone, settings.timeZone], DEFAULT_MAIL_TIME_ZONE, (z) => new Intl.DateTimeFormat('en', { timeZone: z }));
  const long = { year: 'numeric', month: 'long', day: 'numeric' } as const;
  const formats = {
    date: new Intl.DateTimeFormat(locale, { ...long, timeZone: 'UTC' }),
    day: new Intl.DateTimeFormat(locale, { ...long, timeZone }),
    time: new Intl.DateTimeFormat(locale, { ...long, hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }),
  };
  return (text) =>
    text.replace(DATE_TOKEN, (token, kind: keyof typeof formats, value: string) => {
      const at = new Date(kind === 'date' ? `${value.trim()}T00:00:00Z` : value.trim());
      return Number.isNaN(at.getTime()) ? token : formats[kind].format(at);
    });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** `Dossier <no-reply@…>` unless the configured sender already carries a name. */
export function senderOf(fromAddress: string, productName = PRODUCT_NAME): string {
  const address = fromAddress.trim();
  if (/<[^>]+>\s*$/.test(address)) return address;
  return `${productName} <${address}>`;
}

/** The absolute link for an app path on the deployment's public address; null for anything else. */
export function appLink(siteUrl: string, path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/') || path.startsWith('//')) return null;
  return `${siteUrl.replace(/\/+$/, '')}${path}`;
}

export function renderProductMail(mail: QueuedMail, settings: MailSettings): RenderedMail {
  const productName = settings.productName ?? PRODUCT_NAME;
  const action = MAIL_ACTIONS[mail.kind] ?? null;
  // The row's own path when it is an app path, else the kind's page: never a link off the app.
  const link = action ? (appLink(settings.siteUrl, mail.link_path) ?? appLink(settings.siteUrl, action.path)) : null;
  const dates = mailDateFormatter(mail, settings);
  const paragraphs = mail.body.split(/\n\s*\n/).map((p) => tidy(dates(p))).filter(Boolean);
  const subject = tidy(dates(mail.subject));

  const text = [...paragraphs, ...(link && action ? [`${action.label}: ${link}`] : []), `— ${productName}`].join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a;">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link && action
      ? [
          `<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 16px; border-radius: 6px; background: #1d4ed8; color: #ffffff; text-decoration: none;">${escapeHtml(action.label)}</a></p>`,
          `<p style="font-size: 13px; color: #555555;">${escapeHtml(action.label)}: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
        ]
      : []),
    `<p>— ${escapeHtml(productName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { from: senderOf(settings.fromAddress, productName), subject, text, html, link };
}
