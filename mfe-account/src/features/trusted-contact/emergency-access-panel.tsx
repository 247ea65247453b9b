import { useState } from 'react';
import { useSupabase, useToasts } from '@dossier/shared';
import { formatDate } from '@dossier/shared/core';
import { Badge, Button, Card, ConfirmDialog, EmptyState, Skeleton, TitleRow, type BadgeTone, PlainList } from '@dossier/shared/ui';
import { endEmergencyAccess, removeTrustedContact, requestEmergencyAccess, type TrustedContact, type TrustedStatus } from '../../api/trusted-contacts';
import { transferErrorText } from '../../api/transfers';
import { NameContactDialog } from './name-contact-dialog';
import { TrustedHistory } from './trusted-history';
import { TrustedReader } from './trusted-reader';
import { useRefreshTrusted, useTrustedContacts } from './use-trusted-contacts';
// The contact cards are drawn as transfer cards (.dossier-transfer…), and the reader's sizes share their quiet line.
import '../transfers/transfers.css';
import './trusted-contact.css';
import { FormError } from '../../lib/form-error';

const STATUS: Record<TrustedStatus, { label: string; tone: BadgeTone }> = {
  named: { label: 'No request', tone: 'neutral' },
  waiting: { label: 'Request waiting', tone: 'warning' },
  granted: { label: 'Access open', tone: 'success' },
};

type Action = 'request' | 'end' | 'remove';

function ContactCard({ row }: { row: TrustedContact }) {
  const client = useSupabase();
  const toasts = useToasts().stacked;
  const refresh = useRefreshTrusted();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const owner = row.role === 'owner';
  const names = row.portfolios.map((p) => `“${p.name}”`).join(', ');

  const run = async (action: Action) => {
    setError(null);
    try {
      if (action === 'request') {
        const due = await requestEmergencyAccess(client, row.id);
        toasts.add({ title: 'Access requested', description: `${row.owner_email} has been told. Unless they deny it, you can read ${names} from ${formatDate(due, 'long')}.`, variant: 'success' });
      } else if (action === 'end') {
        const kind = await endEmergencyAccess(client, row.id);
        toasts.add({ title: kind === 'denied' ? 'Request denied' : 'Access ended', variant: 'success' });
      } else {
        await removeTrustedContact(client, row.id);
        toasts.add({ title: `${row.contact_email} is no longer your trusted contact`, variant: 'success' });
      }
    } catch (e) {
      setError(transferErrorText(e));
    } finally {
      await refresh();
    }
  };

  const dialog: Record<Action, { title: string; description: string; label: string; destructive: boolean }> = {
    request: {
      title: `Ask ${row.owner_email} for access?`,
      description: `They are told at once and can deny it within ${row.wait_days} ${row.wait_days === 1 ? 'day' : 'days'}. If they do not, you can read ${names}.`,
      label: 'Ask for access',
      destructive: false,
    },
    end: {
      title: row.status === 'waiting' ? `Deny ${row.contact_email}'s request?` : `End ${row.contact_email}'s access?`,
      description: `They can no longer read ${names}. They stay your trusted contact and can ask again.`,
      label: row.status === 'waiting' ? 'Deny' : 'End access',
      destructive: true,
    },
    remove: {
      title: `Remove ${row.contact_email}?`,
      description: 'They can no longer ask for access, and any access ends now.',
      label: 'Remove contact',
      destructive: true,
    },
  };

  const headingId = `trusted-${row.id}`;
  return (
    <Card as="li" className="dossier-transfer" aria-labelledby={headingId} data-testid="trusted-card">
      <TitleRow>
        <h3 id={headingId} className="dossier-transfer__title">
          {owner ? row.contact_email : row.owner_email}
        </h3>
        <Badge tone={STATUS[row.status].tone}>{STATUS[row.status].label}</Badge>
      </TitleRow>
      <p className="dossier-transfer__what">
        {names} · waiting period {row.wait_days} {row.wait_days === 1 ? 'day' : 'days'}
      </p>
      {row.status === 'waiting' ? (
        <p className={owner ? 'dossier-trusted__alert' : 'dossier-transfer__when'} role={owner ? 'status' : undefined}>
          {owner
            ? `${row.contact_email} asked for access on ${formatDate(row.requested_at, 'long')}. Unless you deny it, they can read ${names} from ${formatDate(row.access_from, 'long')}.`
            : `You asked on ${formatDate(row.requested_at, 'long')}. Unless ${row.owner_email} denies it, access opens on ${formatDate(row.access_from, 'long')}.`}
        </p>
      ) : null}
      {row.status === 'granted' ? (
        <p className="dossier-transfer__when">{owner ? `${row.contact_email} can read ${names}, read-only, since ${formatDate(row.access_from, 'long')}.` : `You can read ${names}.`}</p>
      ) : null}
      <FormError message={error} />
      <div className="dossier-transfer__actions">
        {owner ? (
          <>
            {row.status !== 'named' ? (
              <Button variant={row.status === 'waiting' ? 'primary' : 'secondary'} onClick={() => setConfirming('end')}>
                {row.status === 'waiting' ? 'Deny request' : 'Revoke access'}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setConfirming('remove')}>
              Remove contact
            </Button>
          </>
        ) : row.status === 'granted' ? (
          <Button variant="primary" onClick={() => setReading(true)}>
            Read documents
          </Button>
        ) : row.status === 'named' ? (
          <Button onClick={() => setConfirming('request')}>Ask for access</Button>
        ) : null}
      </div>
      <TrustedHistory row={row} />
      {confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={dialog[confirming].title}
          description={dialog[confirming].description}
          confirmLabel={dialog[confirming].label}
          destructive={dialog[confirming].destructive}
          onConfirm={() => run(confirming)}
        />
      ) : null}
      {!owner && row.status === 'granted' ? <TrustedReader row={row} open={reading} onOpenChange={setReading} /> : null}
    </Card>
  );
}

/** Emergency access (issue 13 §2): the contacts a person named, and the people who named them. */
export function EmergencyAccessPanel() {
  const contacts = useTrustedContacts();
  const [naming, setNaming] = useState(false);
  if (contacts.isPending) return <Skeleton height="6rem" />;
  if (contacts.isError) return <p role="alert">{transferErrorText(contacts.error)}</p>;
  const mine = contacts.data.filter((r) => r.role === 'owner');
  const theirs = contacts.data.filter((r) => r.role === 'contact');
  return (
    <div className="dossier-trusted">
      <section aria-labelledby="trusted-mine">
        <TitleRow className="dossier-trusted__section-head">
          <h2 id="trusted-mine" className="dossier-trusted__heading">
            Your trusted contacts
          </h2>
          <Button onClick={() => setNaming(true)}>Name a trusted contact</Button>
        </TitleRow>
        {mine.length === 0 ? (
          <EmptyState
            headingLevel={3}
            title="No trusted contact yet"
            description="Name someone who could reach your will or insurance papers in an emergency. They only get in if you do not say no in time."
          />
        ) : (
          <PlainList className="dossier-transfers__list">
            {mine.map((r) => (
              <ContactCard key={r.id} row={r} />
            ))}
          </PlainList>
        )}
      </section>
      <section aria-labelledby="trusted-theirs">
        <h2 id="trusted-theirs" className="dossier-trusted__heading">
          People who trust you
        </h2>
        {theirs.length === 0 ? (
          <EmptyState headingLevel={3} title="Nobody has named you" description="When someone names you as their trusted contact, it appears here." />
        ) : (
          <PlainList className="dossier-transfers__list">
            {theirs.map((r) => (
              <ContactCard key={r.id} row={r} />
            ))}
          </PlainList>
        )}
      </section>
      <NameContactDialog open={naming} onOpenChange={setNaming} />
    </div>
  );
}
