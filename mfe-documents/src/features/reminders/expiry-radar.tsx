import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { readConsent } from '@dossier/shared/core';
import { Button, Dialog, TextField, WidgetFrame } from '@dossier/shared/ui';
import { documentKeys, isoDate, type DocumentRecord } from '../../api/documents';
import { claimNotification, listReminders, markRemindersRead, radarDocuments, reminderKeys, type ExpiryReminder } from '../../api/reminders';
import { daysUntil, formatDate } from '../../lib/format';
import { useDescribeError } from '../../lib/query';
import { useDocumentActions } from '../../lib/use-document-actions';
import { RADAR_ORDER, RADAR_TITLES, daysLeftText, radarGroup, reminderText } from './radar';
import { OVERDUE_DAYS as OVERDUE_DAYS_BACK, RADAR_DAYS as RADAR_DAYS_AHEAD } from './radar';
import './reminders.css';

/** "Renewed": the new expiry date of the renewed document (or a link to add the new one). */
function RenewDialog({ doc, onClose }: { doc: DocumentRecord; onClose: () => void }) {
  const actions = useDocumentActions();
  const [date, setDate] = useState('');
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Renewed “${doc.name}”?`}
      description="Enter the new expiry date, or add the new document and trash this one."
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" disabled={!date} onClick={() => void actions.update(doc.id, { expires_on: date }, 'New expiry date saved').then(onClose)}>
            Save new date
          </Button>
        </>
      }
    >
      <TextField label="New expiry date" type="date" min={isoDate(new Date())} value={date} onChange={(e) => setDate(e.target.value)} />
      <p>
        <Link to="/documents">Add the new document</Link>
      </p>
    </Dialog>
  );
}

/** Browser notifications for new reminders, where permission was granted (SPEC §4), one device each. */
function useReminderNotifications(reminders: readonly ExpiryReminder[] | undefined) {
  const client = useSupabase();
  useEffect(() => {
    if (!reminders || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    if (readConsent()?.notifications !== true) return;
    for (const r of reminders) {
      if (r.read_at || r.notified_at) continue;
      void claimNotification(client, r.id)
        .then((mine) => {
          if (mine) new Notification(reminderText(r.documents?.name ?? 'A document', r.days_before), { tag: `dossier-reminder-${r.id}` });
        })
        .catch(() => undefined);
    }
  }, [client, reminders]);
}

function ReminderList() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const signedIn = useAuth().status === 'signed-in';
  const reminders = useQuery({ queryKey: reminderKeys.list(), queryFn: () => listReminders(client), enabled: signedIn });
  useReminderNotifications(reminders.data);
  const unread = (reminders.data ?? []).filter((r) => !r.read_at);
  if (unread.length === 0) return null;
  return (
    <section className="reminder-list" aria-label="Reminders">
      <h3>
        Reminders <span className="reminder-count">{unread.length}</span>
      </h3>
      <ul>
        {unread.map((r) => (
          <li key={r.id}>
            <Link to={`/documents?doc=${r.document_id}`}>{reminderText(r.documents?.name ?? 'A document', r.days_before)}</Link>
          </li>
        ))}
      </ul>
      <Button size="sm" variant="ghost" onClick={() => void markRemindersRead(client, unread.map((r) => r.id)).then(() => queryClient.invalidateQueries({ queryKey: reminderKeys.all }))}>
        Mark all read
      </Button>
    </section>
  );
}

/** 'documents.expiring-soon': the expiry radar — overdue, this month, next 3 months — and reminders. */
export function ExpiryRadar() {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  const describeError = useDescribeError();
  const radar = useQuery({ queryKey: [...documentKeys.all, 'radar'], queryFn: () => radarDocuments(client, OVERDUE_DAYS_BACK, RADAR_DAYS_AHEAD), enabled: signedIn });
  const [renewing, setRenewing] = useState<DocumentRecord | null>(null);
  const groups = RADAR_ORDER.map((group) => ({
    group,
    docs: (radar.data ?? []).filter((d) => d.expires_on && radarGroup(daysUntil(d.expires_on)) === group),
  })).filter((g) => g.docs.length > 0);
  return (
    <WidgetFrame
      className="documents-widget expiry-radar"
      title="Expiry radar"
      state={radar.status}
      error={radar.error ? describeError(radar.error) : undefined}
      onRetry={() => void radar.refetch()}
      empty={groups.length === 0 ? <><ReminderList /><p>Nothing expires in the next 3 months.</p></> : null}
    >
      <ReminderList />
      {groups.map(({ group, docs }) => (
        <section key={group} aria-label={RADAR_TITLES[group]} className={`radar-group radar-${group}`}>
          <h3>{RADAR_TITLES[group]}</h3>
          <ul className="widget-list">
            {docs.map((d) => {
              const left = daysUntil(d.expires_on ?? '');
              return (
                <li key={d.id}>
                  <Link to={`/documents?doc=${d.id}`}>{d.name}</Link>
                  <span className={left <= 7 ? 'badge badge-danger' : 'badge badge-warning'} title={formatDate(d.expires_on)}>
                    {daysLeftText(left)}
                  </span>
                  <Button size="sm" variant="ghost" aria-label={`Renewed ${d.name}`} onClick={() => setRenewing(d)}>
                    Renewed
                  </Button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {renewing ? <RenewDialog doc={renewing} onClose={() => setRenewing(null)} /> : null}
    </WidgetFrame>
  );
}
