import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useAuth, usePendingOperations, useSupabase, type PendingOperation } from '@dossier/shared';
import { conflictFreeName } from '@dossier/shared/core';
import { Button, useOnline, PlainList } from '@dossier/shared/ui';
import { documentNamesLike, findDuplicates, type DuplicateMatch } from '../../api/documents';
import { formatBytes } from '../../lib/format';
import { DOCUMENT_UPLOAD_OPERATION, QUEUED_UPLOAD_AWAITS_DECISION_EVENT, type QueuedUploadAwaitsDecision } from './register-upload-replay';
import { duplicatesOf, type DocumentUploadPayload } from './offline-upload';

type QueuedUpload = PendingOperation<DocumentUploadPayload>;

const isUpload = (operation: PendingOperation): operation is QueuedUpload => operation.type === DOCUMENT_UPLOAD_OPERATION;

/** The duplicate questions the replay itself found (register-upload-replay.ts), by operation id. */
function useReplayDecisions(): ReadonlyMap<string, DuplicateMatch[]> {
  const [decisions, setDecisions] = useState<ReadonlyMap<string, DuplicateMatch[]>>(new Map());
  useEffect(() => {
    const onDecision = (event: Event) => {
      const { operationId, duplicates } = (event as CustomEvent<QueuedUploadAwaitsDecision>).detail;
      setDecisions((current) => new Map(current).set(operationId, duplicates));
    };
    window.addEventListener(QUEUED_UPLOAD_AWAITS_DECISION_EVENT, onDecision);
    return () => window.removeEventListener(QUEUED_UPLOAD_AWAITS_DECISION_EVENT, onDecision);
  }, []);
  return decisions;
}

/**
 * Uploads queued offline, listed in the library with their state until they are sent — also after
 * a reload (the queue lives in IndexedDB). Back online, each one first gets the duplicate check an
 * online upload runs: a file the person already has waits for "Keep both" or "Don't upload".
 */
export function QueuedUploads() {
  const pending = usePendingOperations();
  const auth = useAuth();
  const client = useSupabase();
  const online = useOnline();
  const [operations, setOperations] = useState<QueuedUpload[]>([]);
  useEffect(() => {
    let live = true;
    void pending.list(DOCUMENT_UPLOAD_OPERATION).then((list) => live && setOperations(list.filter(isUpload)));
    const unsubscribe = pending.subscribe((all) => setOperations(all.filter(isUpload)));
    return () => {
      live = false;
      unsubscribe();
    };
  }, [pending]);
  const mine = operations.filter((operation) => operation.payload?.doc?.userId === auth.user?.id);
  const replayDecisions = useReplayDecisions();
  const duplicates = useQuery({
    // With the retry count: each replay that did not send the file checks again, so an answer that
    // went out of date (the file stored meanwhile, from another tab or device) does not stand for
    // ever. (The service worker no longer answers this check from its offline cache.)
    queryKey: ['documents', 'queued-duplicates', mine.map((operation) => `${operation.id}:${operation.payload.doc.sha256}:${operation.retryCount}`)],
    enabled: online && mine.length > 0,
    // A new retry count is a new key: the last answer stays on screen while it is checked again,
    // so a question already asked does not flip back to "Sending…" for the length of a request.
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const entries = await Promise.all(mine.map(async (operation) => [operation.id, await duplicatesOf(operation.payload, (sha) => findDuplicates(client, sha))] as const));
      return new Map<string, DuplicateMatch[]>(entries);
    },
  });
  /** The matches that keep an upload waiting: the replay's own finding first, then the list's check. */
  const matchesOf = (operation: QueuedUpload): DuplicateMatch[] =>
    online ? (replayDecisions.get(operation.id) ?? duplicates.data?.get(operation.id) ?? []) : [];
  // No timer here: a replay that failed on reconnecting (the network not really back yet) is
  // replayed again by the shell's queue itself, with back-off, on every page (REPLAY_RETRY_POLICY in
  // shell/src/features/pending-operations) — not only while this list is on screen.
  if (mine.length === 0) return null;

  const keepBoth = async (operation: QueuedUpload, matches: DuplicateMatch[]) => {
    const taken = new Set(matches.map((match) => match.name));
    for (const name of await documentNamesLike(client, operation.payload.doc.name).catch(() => [])) taken.add(name);
    const name = conflictFreeName(operation.payload.doc.name, (candidate) => taken.has(candidate));
    await pending.enqueue(DOCUMENT_UPLOAD_OPERATION, { ...operation.payload, doc: { ...operation.payload.doc, name }, duplicateDecision: 'keep-both' });
    await pending.remove(operation.id);
    void pending.flush();
  };

  return (
    <section className="queued-uploads" aria-labelledby="queued-uploads-title" data-testid="queued-uploads">
      <h2 id="queued-uploads-title" className="queued-uploads-title">
        {mine.length === 1 ? '1 upload waiting' : `${mine.length} uploads waiting`}
      </h2>
      <PlainList>
        {mine.map((operation) => {
          const { doc, file } = operation.payload;
          const matches = matchesOf(operation);
          return (
            <li key={operation.id} data-testid="queued-upload">
              <span className="queued-upload-name">{doc.name}</span>
              <span className="queued-upload-size">{formatBytes(file?.size ?? 0)}</span>
              <span className="queued-upload-state" role="status">
                {!online
                  ? 'Waiting — sent when you are back online'
                  : matches.length > 0
                    ? `You already have this file as “${matches[0].name}”${matches[0].deleted_at ? ' (in the trash)' : ''}.`
                    : 'Sending…'}
              </span>
              {matches.length > 0 ? (
                <span className="queued-upload-actions">
                  <Button size="sm" onClick={() => void keepBoth(operation, matches)}>
                    Keep both
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => void pending.remove(operation.id)}>
                    Don&apos;t upload
                  </Button>
                </span>
              ) : null}
            </li>
          );
        })}
      </PlainList>
    </section>
  );
}
