import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useSupabase, useToasts } from '@dossier/shared';
import { formatBytes, formatDate } from '@dossier/shared/core';
import { Badge, Button, Card, ConfirmDialog, TitleRow, type BadgeTone } from '@dossier/shared/ui';
import { acceptTransfer, cancelTransfer, declineTransfer, transferErrorText, type Transfer, type TransferState } from '../../api/transfers';
import { useRefreshTransfers } from './use-transfers';
import { FormError } from '../../lib/form-error';

const STATE_LABEL: Record<TransferState, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

const STATE_TONE: Record<TransferState, BadgeTone> = {
  pending: 'accent',
  accepted: 'success',
  declined: 'warning',
  cancelled: 'neutral',
  expired: 'neutral',
};

/** "the portfolio “Estate” (3 documents)", "“deed.pdf”", "4 documents". */
export function describeTransfer(t: Pick<Transfer, 'portfolio_name' | 'items'>): string {
  const count = `${t.items.length} ${t.items.length === 1 ? 'document' : 'documents'}`;
  if (t.portfolio_name) return `the portfolio “${t.portfolio_name}” (${count})`;
  if (t.items.length === 1) return `“${t.items[0].name}”`;
  return count;
}

function daysLeft(expiresAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 86_400_000));
}

type Pending = 'accept' | 'decline' | 'cancel' | null;

/** One offer with its state and what the caller may do with it. */
export function TransferCard({ transfer }: { transfer: Transfer }) {
  const client = useSupabase();
  const toasts = useToasts().stacked;
  const refresh = useRefreshTransfers();
  const [busy, setBusy] = useState<Pending>(null);
  const [confirming, setConfirming] = useState<Pending>(null);
  const [error, setError] = useState<string | null>(null);
  const incoming = transfer.direction === 'incoming';
  const what = describeTransfer(transfer);
  const total = transfer.items.reduce((sum, i) => sum + Number(i.size), 0);

  const run = async (action: Exclude<Pending, null>) => {
    setBusy(action);
    setError(null);
    try {
      if (action === 'accept') {
        const moved = await acceptTransfer(client, transfer.id);
        toasts.add({ title: `Accepted: ${moved} ${moved === 1 ? 'document is' : 'documents are'} now yours`, variant: 'success' });
      } else if (action === 'decline') {
        await declineTransfer(client, transfer.id);
        toasts.add({ title: 'Transfer declined', variant: 'success' });
      } else {
        await cancelTransfer(client, transfer.id);
        toasts.add({ title: 'Transfer cancelled', variant: 'success' });
      }
    } catch (e) {
      setError(transferErrorText(e));
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  const headingId = `transfer-${transfer.id}`;
  return (
    <Card as="li" className="dossier-transfer" aria-labelledby={headingId} data-testid="transfer-card">
      <TitleRow>
        <h2 id={headingId} className="dossier-transfer__title">
          {incoming ? `From ${transfer.sender_email}` : `To ${transfer.recipient_email}`}
        </h2>
        <Badge tone={STATE_TONE[transfer.state]}>{STATE_LABEL[transfer.state]}</Badge>
      </TitleRow>
      <p className="dossier-transfer__what">
        {what} · {formatBytes(total)}
        {transfer.keep_copy ? ' · the sender keeps a copy' : ''}
      </p>
      {transfer.message ? <blockquote className="dossier-transfer__message">{transfer.message}</blockquote> : null}
      {transfer.items.length > 1 ? (
        <ul className="dossier-transfer__items" aria-label="Documents">
          {transfer.items.slice(0, 5).map((item, i) => (
            <li key={i}>{item.name}</li>
          ))}
          {transfer.items.length > 5 ? <li>and {transfer.items.length - 5} more</li> : null}
        </ul>
      ) : null}
      <p className="dossier-transfer__when">
        Offered {formatDate(transfer.created_at)}
        {transfer.state === 'pending' ? ` · expires in ${daysLeft(transfer.expires_at)} ${daysLeft(transfer.expires_at) === 1 ? 'day' : 'days'}` : ''}
        {transfer.decided_at && transfer.state !== 'pending' ? ` · ${STATE_LABEL[transfer.state].toLowerCase()} ${formatDate(transfer.decided_at)}` : ''}
      </p>
      <FormError message={error} />
      {transfer.state === 'pending' ? (
        <div className="dossier-transfer__actions">
          {incoming ? (
            <>
              <Button variant="primary" loading={busy === 'accept'} disabled={busy !== null} onClick={() => void run('accept')}>
                Accept
              </Button>
              <Button disabled={busy !== null} loading={busy === 'decline'} onClick={() => setConfirming('decline')}>
                Decline
              </Button>
            </>
          ) : (
            <Button variant="danger" disabled={busy !== null} loading={busy === 'cancel'} onClick={() => setConfirming('cancel')}>
              Cancel transfer
            </Button>
          )}
        </div>
      ) : null}
      {transfer.state === 'accepted' && incoming ? (
        <p className="dossier-transfer__done">
          <Link to="/documents">Open your documents</Link>
        </p>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'decline' ? 'Decline this transfer?' : 'Cancel this transfer?'}
        description={
          confirming === 'decline'
            ? `${transfer.sender_email} keeps ${what}. They will be told you declined.`
            : `${transfer.recipient_email} will no longer be able to accept ${what}. Your documents stay yours.`
        }
        confirmLabel={confirming === 'decline' ? 'Decline' : 'Cancel transfer'}
        cancelLabel="Keep it"
        destructive
        onConfirm={async () => {
          if (confirming) await run(confirming);
        }}
      />
    </Card>
  );
}
