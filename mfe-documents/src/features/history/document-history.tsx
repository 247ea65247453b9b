import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { Button, PlainList, Skeleton, TitleRow } from '@dossier/shared/ui';
import { documentEventKeys, listAllDocumentEvents, listDocumentEvents } from '../../api/document-events';
import { formatDate } from '../../lib/format';
import { useDescribeError } from '../../lib/query';
import { describeActor, describeEvent, historyCsv } from './describe-event';
import './history.css';

/** Downloads everything the person may read of the history as one CSV file. */
export function ExportHistoryButton() {
  const client = useSupabase();
  const auth = useAuth();
  const describeError = useDescribeError();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      const csv = historyCsv(await listAllDocumentEvents(client), auth.user?.email);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `dossier-history-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button size="sm" variant="ghost" loading={busy} onClick={() => void run()}>
        Export all history (CSV)
      </Button>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}

/** The document's history in its panel (issue 13 §3): newest first, who and when. */
export function DocumentHistory({ documentId }: { documentId: string }) {
  const client = useSupabase();
  const auth = useAuth();
  const describeError = useDescribeError();
  const events = useQuery({ queryKey: documentEventKeys.of(documentId), queryFn: () => listDocumentEvents(client, documentId) });
  return (
    <section aria-labelledby={`history-${documentId}`} className="document-history">
      <TitleRow>
        <h3 id={`history-${documentId}`}>History</h3>
        <ExportHistoryButton />
      </TitleRow>
      {events.isPending ? (
        <Skeleton height="3rem" />
      ) : events.isError ? (
        <p role="alert">{describeError(events.error)}</p>
      ) : events.data.length === 0 ? (
        <p className="document-history__empty">Nothing recorded yet.</p>
      ) : (
        <PlainList as="ol" className="document-history__list" aria-label="Document history">
          {events.data.map((e) => (
            <li key={e.id}>
              <span className="document-history__what">{describeEvent(e)}</span>
              <span className="document-history__meta">
                {describeActor(e, auth.user?.email)} · <time dateTime={e.at}>{formatDate(e.at, 'long')}</time>
              </span>
            </li>
          ))}
        </PlainList>
      )}
    </section>
  );
}
