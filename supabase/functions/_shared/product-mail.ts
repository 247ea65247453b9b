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
}

export interface MailSettings {
  /** The deployment's public app address (SITE_URL), e.g. https://dossier.example.com. */
  siteUrl: string;
  /** A bare address ("no-reply@example.com") or one with a name already ("Dossier <…>"). */
  fromAddress: string;
  productName?: string;
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
  const paragraphs = mail.body.split(/\n\s*\n/).map(tidy).filter(Boolean);
  const subject = tidy(mail.subject);

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
