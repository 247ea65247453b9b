// Product mail's templates (issue 21 item 5, ADR 0272): every kind the migrations queue is rendered
// by supabase/functions/_shared/product-mail.ts — the module deliver-mail (hosted) and the local
// outbox use — with an action link on the app's public address, the product as sender, correct
// plurals, tidy whitespace, and an HTML part with one <p> per paragraph saying what the text says.
// No stack: the renderer is pure.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MAIL_ACTIONS, renderProductMail, senderOf } from '../functions/_shared/product-mail.js';

const SITE = 'https://dossier.example.com/';
const settings = { siteUrl: SITE, fromAddress: 'no-reply@dossier.example.com' };

/** The mail kinds the migrations queue (literal kinds, and 'trusted_access_' || kind). */
function queuedKinds(): string[] {
  const dir = path.join(__dirname, '../migrations');
  const kinds = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    const sql = readFileSync(path.join(dir, file), 'utf8');
    for (const m of sql.matchAll(/transfer_mail\(\s*[^,]+,\s*[^,]+,\s*'([a-z_-]+)'(\s*\|\|\s*kind)?/g)) {
      if (m[2]) for (const k of ['denied', 'revoked']) kinds.add(`${m[1]}${k}`);
      else kinds.add(m[1]);
    }
    for (const m of sql.matchAll(/insert into jobs\.outgoing_mail \([^)]*\)\s*(?:values\s*\(|select)\s*[^,]+,\s*[^,]+,\s*'([a-z_-]+)'/g)) kinds.add(m[1]);
  }
  return [...kinds].sort();
}

/** Text a person reads, as the SQL writes it: two paragraphs, counts, a double space. */
function sample(kind: string) {
  return {
    kind,
    subject: `Something  about ${kind}: within 1 days`,
    body: `First paragraph  for ${kind}; they can read it if you do not answer within 1 days.\n\nSecond paragraph with <b>"markup"</b> & 3 documents.\n\nUntil {{day:2026-12-27T23:30:00Z}}, expiring {{date:2027-03-01}}.`,
  };
}

describe('product mail templates', () => {
  const kinds = queuedKinds();

  it('knows every kind of mail the migrations queue', () => {
    expect(kinds.length).toBeGreaterThanOrEqual(15);
    expect(kinds.filter((k) => !(k in MAIL_ACTIONS))).toEqual([]);
  });

  it.each(kinds)('renders %s with its link, plurals, tidy text and one <p> per paragraph', (kind) => {
    const mail = renderProductMail(sample(kind), settings);
    expect(mail.from).toBe('Dossier <no-reply@dossier.example.com>');
    expect(mail.subject).toBe(`Something about ${kind}: within 1 day`);
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toMatch(/\b1 days\b/);
      expect(part).not.toMatch(/\S {2,}\S/);
    }
    expect(mail.text).toContain('within 1 day.');
    const action = MAIL_ACTIONS[kind];
    if (action) {
      expect(mail.link).toMatch(/^https:\/\/dossier\.example\.com\/[a-z]/);
      expect(mail.text).toContain(`${action.label}: ${mail.link}`);
      expect(mail.html).toContain(`href="${mail.link!.replace(/&/g, '&amp;')}"`);
    } else {
      expect(mail.link).toBeNull();
      expect(mail.html).not.toContain('<a ');
    }
    // HTML structure: a document with a language and a title; every paragraph in its own <p>, none
    // nested, the text's markup shown as text.
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>/);
    const paragraphs = [...mail.html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)].map((m) => m[1]);
    expect(paragraphs.some((p) => p.includes('<p'))).toBe(false);
    expect(paragraphs[0]).toBe(`First paragraph for ${kind}; they can read it if you do not answer within 1 day.`);
    expect(paragraphs[1]).toBe('Second paragraph with &lt;b&gt;&quot;markup&quot;&lt;/b&gt; &amp; 3 documents.');
    // Dates in the deployment's locale (en-GB by default), never the SQL's raw token or ISO form.
    expect(paragraphs[2]).toBe('Until 27 December 2026, expiring 1 March 2027.');
    expect(mail.text + mail.html).not.toMatch(/\{\{|\d{4}-\d{2}-\d{2}/);
    // The text part says the same: each of its paragraphs appears in the HTML (escaped).
    const textParagraphs = mail.text.trim().split('\n\n');
    expect(paragraphs.length).toBe(textParagraphs.length + (action ? 1 : 0));
    const decoded = paragraphs.map((p) => p.replace(/<[^>]+>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    for (const t of textParagraphs) expect(decoded).toContain(t);
  });

  it('uses the path the row names (a document, an invitation) over its kind’s page', () => {
    const reminder = renderProductMail({ kind: 'expiry-reminder', subject: 'Passport expires in 30 days', body: 'Renew it.', link_path: '/documents?doc=42' }, settings);
    expect(reminder.link).toBe('https://dossier.example.com/documents?doc=42');
    const invitation = renderProductMail({ kind: 'family_invitation', subject: 'Join', body: 'Accept.', link_path: '/settings?family-invite=tok_en-1' }, settings);
    expect(invitation.link).toBe('https://dossier.example.com/settings?family-invite=tok_en-1');
    // Never a link off the app: an absolute or protocol-relative path falls back to the kind's page.
    expect(renderProductMail({ kind: 'transfer_offered', subject: 's', body: 'b', link_path: '//evil.example/x' }, settings).link).toBe('https://dossier.example.com/transfers');
  });

  it('writes dates in the configured locale and time zone, the recipient’s own first (issue 21 item 5)', () => {
    const mail = {
      kind: 'trusted_access_requested',
      subject: 'Deny it before {{day:2026-12-27T23:30:00Z}}',
      body: 'Deny it before {{time:2026-12-27T23:30:00Z}}. Your passport expires on {{date:2027-03-01}}.',
    };
    const english = renderProductMail(mail, settings);
    expect(english.subject).toBe('Deny it before 27 December 2026');
    expect(english.text).toContain('Deny it before 27 December 2026 at 23:30 UTC. Your passport expires on 1 March 2027.');
    // A German deployment in Berlin: the instant is already the 28th there; a calendar date is not moved.
    const german = renderProductMail(mail, { ...settings, locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(german.subject).toBe('Deny it before 28. Dezember 2026');
    expect(german.text).toContain('Deny it before 28. Dezember 2026 um 00:30 MEZ. Your passport expires on 1. März 2027.');
    // A person whose own locale is known is written to in it, over the deployment's.
    const american = renderProductMail({ ...mail, locale: 'en-US', time_zone: 'America/New_York' }, { ...settings, locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(american.subject).toBe('Deny it before December 27, 2026');
    expect(american.text).toContain('Your passport expires on March 1, 2027.');
    // A setting Intl does not know falls back instead of breaking the mail.
    expect(renderProductMail(mail, { ...settings, locale: 'not a locale!', timeZone: 'Mars/Olympus' }).subject).toBe('Deny it before 27 December 2026');
  });

  it('names the product as sender unless the configured sender has a name', () => {
    expect(senderOf('no-reply@example.com')).toBe('Dossier <no-reply@example.com>');
    expect(senderOf('Dossier Team <no-reply@example.com>')).toBe('Dossier Team <no-reply@example.com>');
  });
});
