import { formatDate } from '@dossier/shared/core';
import type { TrustedContact, TrustedEvent } from '../../api/trusted-contacts';

/** One line per step, from the reader's side ("You asked", "Ana denied"…). */
export function describeTrustedEvent(event: TrustedEvent, row: Pick<TrustedContact, 'role' | 'owner_email' | 'contact_email'>): string {
  const who = (by: TrustedEvent['by']) => (by === 'system' ? 'Dossier' : by === row.role ? 'You' : by === 'owner' ? row.owner_email : row.contact_email);
  const actor = who(event.by);
  switch (event.kind) {
    case 'named':
      return `${actor} named ${row.role === 'contact' ? 'you' : row.contact_email} as trusted contact`;
    case 'changed':
      return `${actor} changed the portfolios or the waiting period`;
    case 'requested':
      return `${actor} asked for access`;
    case 'denied':
      return `${actor} denied the request`;
    case 'granted':
      return 'The waiting period ended: access opened';
    case 'revoked':
      return `${actor} ended the access`;
    case 'removed':
      return `${actor} removed the trusted contact`;
    case 'opened':
      return `${actor} opened ${typeof event.detail.document === 'string' ? `“${event.detail.document}”` : 'a document'}`;
  }
}

export function TrustedHistory({ row }: { row: TrustedContact }) {
  return (
    <details className="dossier-trusted__history">
      <summary>History ({row.events.length})</summary>
      <ol>
        {row.events.map((e, i) => (
          <li key={i}>
            <time dateTime={e.at}>{formatDate(e.at, 'long')}</time> {describeTrustedEvent(e, row)}
          </li>
        ))}
      </ol>
    </details>
  );
}
