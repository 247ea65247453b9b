import { Link } from 'react-router';
import { formatDate } from '@dossier/shared/core';
import { buttonClassName } from '@dossier/shared/ui';
import type { TrustedContact } from '../../api/trusted-contacts';
import { useTrustedContacts } from './use-trusted-contacts';
import './trusted-contact.css';

const DAY_MS = 86_400_000;

/** Whole days from `now` until access opens at `accessFrom` (0 on its last day, never negative). */
export function daysLeftToDeny(accessFrom: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(accessFrom) - now) / DAY_MS));
}

/** The sentence for one waiting request, as its owner reads it. */
export function emergencyRequestText(row: Pick<TrustedContact, 'contact_email' | 'access_from'>, now = Date.now()): string {
  if (!row.access_from) return `${row.contact_email} asked for emergency access.`;
  const days = daysLeftToDeny(row.access_from, now);
  const left = days === 0 ? 'today is the last day to deny it' : `${days} ${days === 1 ? 'day' : 'days'} left to deny it`;
  return `${row.contact_email} asked for emergency access: ${left} (access opens ${formatDate(row.access_from, 'long')}).`;
}

/**
 * The `account.emergency-notice` widget: on the owner's dashboard, each request for emergency
 * access they may still deny, with the days left and the way to Transfers where they deny it.
 * Renders nothing when nothing waits.
 */
export default function EmergencyNotice() {
  const contacts = useTrustedContacts();
  const waiting = (contacts.data ?? []).filter((row) => row.role === 'owner' && row.status === 'waiting');
  if (waiting.length === 0) return null;
  return (
    <div role="region" aria-label="Emergency access requests" className="emergency-notice">
      <ul>
        {waiting.map((row) => (
          <li key={row.id}>{emergencyRequestText(row)}</li>
        ))}
      </ul>
      <Link to="/transfers" className={buttonClassName({ variant: 'primary', size: 'sm' })}>
        Review in Transfers
      </Link>
    </div>
  );
}
