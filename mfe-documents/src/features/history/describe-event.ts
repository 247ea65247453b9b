import type { DocumentEvent } from '../../api/document-events';

const text = (value: unknown): string => (typeof value === 'string' && value ? value : '');

/** What happened, in a sentence without the actor: "Renamed from “a.pdf” to “b.pdf”". */
export function describeEvent(event: Pick<DocumentEvent, 'kind' | 'detail'>): string {
  const d = event.detail;
  const from = text(d.from);
  const to = text(d.to);
  switch (event.kind) {
    case 'uploaded':
      return `Uploaded from ${from || 'this device'}`;
    case 'imported':
      return `Imported from ${from || 'Google Drive'}`;
    case 'renamed':
      return `Renamed from “${from}” to “${to}”`;
    case 'recategorised':
      return to ? `Category changed${from ? ` from ${from}` : ''} to ${to}` : `Category ${from ? `${from} ` : ''}removed`;
    case 'moved':
      return to ? `Moved${from ? ` from portfolio ${from}` : ''} to portfolio ${to}` : `Taken out of portfolio ${from}`;
    case 'tagged':
      return `Tagged “${text(d.tag)}”`;
    case 'untagged':
      return `Tag “${text(d.tag)}” removed`;
    case 'trashed':
      return 'Moved to the trash';
    case 'restored':
      return 'Restored from the trash';
    case 'link_created':
      return 'Share link created';
    case 'link_opened':
      return `Share link opened${text(d.client) ? ` (${text(d.client)})` : ''}`;
    case 'link_downloaded':
      return 'Downloaded through a share link';
    case 'link_revoked':
      return 'Share link revoked';
    case 'transferred':
      return `Transferred from ${from} to ${to}${d.kept_copy ? ' (the sender kept a copy)' : ''}`;
    case 'copied_to':
      return `A copy was transferred to ${to}`;
    default:
      return event.kind;
  }
}

/** Who did it: "You", their address, or who it was when nobody was signed in. */
export function describeActor(event: Pick<DocumentEvent, 'kind' | 'actor_email'>, myEmail: string | null | undefined): string {
  if (event.actor_email && myEmail && event.actor_email.toLowerCase() === myEmail.toLowerCase()) return 'You';
  if (event.actor_email) return event.actor_email;
  return event.kind.startsWith('link_') ? 'A visitor of the link' : 'Dossier';
}

function csvCell(value: string): string {
  // Quote every cell; neutralise spreadsheet formulas (=, +, -, @) so an opened export runs nothing.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The whole history as CSV (RFC 4180, UTF-8 with a BOM so spreadsheets read accents). */
export function historyCsv(events: readonly DocumentEvent[], myEmail: string | null | undefined): string {
  const rows = [['When (UTC)', 'Document', 'What', 'Who', 'Document id']];
  for (const e of events) rows.push([e.at, text(e.detail.name), describeEvent(e), describeActor(e, myEmail), e.document_id]);
  return '\uFEFF' + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
