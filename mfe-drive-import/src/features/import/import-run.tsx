import { useCallback, useEffect, useRef, useState } from 'react';
import { Widget, useAuth, useDossier, useSupabase } from '@dossier/shared';
import type { NotStoredOutcome } from '@dossier/shared/contract';
import { findImported, planFit, readPlanRoom } from '@dossier/shared/core';
import { Button, Progress } from '@dossier/shared/ui';
import { driveDocumentKeys, replaceWithNewVersion } from '../../api/drive-documents';
import type { DriveFile } from '../../drive/drive-client';
import { useDrive } from '../../lib/use-drive';
import { alreadyImported, alreadyUpdated, downloadFeed, expectedChecksums, importReport, notStored, planImport, type ImportItem } from './drive-import';
import { settle, writePendingImport, type PendingImport } from './pending-import';
import { FitPanel, RunItems, RunSummary } from './run-views';
import { initialRun, runFiles, runReducer, runReplaces, type RunEvent, type RunState } from './run-machine';

/** What settles a file for a resumed import: it is in Dossier, or the person was told it already is. */
const SETTLED = new Set<ImportItem['status']>(['stored', 'duplicate', 'changed']);

/**
 * Runs one import (the run machine, ./run-machine.ts, says what happens next): Drive-id
 * duplicates, then downloads and the documents upload as one pipeline (each file is handed on as
 * soon as it is downloaded, a bounded number held at once; ADR 0235), then a summary. A round
 * re-queues failed files (Retry) or changed ones (Update from Drive, ADR 0131); each round's
 * downloads go to a fresh upload, so nothing is handed over twice.
 */
export function ImportRun({ files, replaces, onDone, onBack }: { files: DriveFile[]; replaces?: Record<string, string>; onDone: () => void; onBack: () => void }) {
  const { client } = useDrive();
  const supabase = useSupabase();
  const userId = useAuth().user?.id ?? '';
  const { queryClient } = useDossier();
  // The machine's state, also in a ref: the upload's callbacks read the newest one synchronously.
  const [state, setState] = useState<RunState>(initialRun);
  const machine = useRef<RunState>(initialRun);
  const startedAt = useRef(Date.now());
  const controller = useRef(new AbortController());
  const [feed, setFeed] = useState<{ round: number; files: AsyncIterable<File>; checksums?: readonly string[] } | null>(null);
  // Which item each downloaded file belongs to, so its row is written with its Drive origin.
  const sources = useRef(new WeakMap<File, number>());
  // The contents of the first round's new files, looked up at once by the upload (ADR 0255);
  // later rounds come after this import stored files, so each file is checked as it is uploaded.
  const checksums = useRef<readonly string[] | undefined>(undefined);

  const persist = useCallback(() => {
    const now = machine.current;
    const pending: PendingImport = { files: runFiles(now, files), replaces: runReplaces(now, replaces ?? {}), startedAt: startedAt.current };
    writePendingImport(window.localStorage, userId, settle(pending, new Set(now.items.filter((it) => SETTLED.has(it.status)).map((it) => it.file.id))));
    // `files` and `replaces` are fixed for the life of a run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  const send = useCallback(
    (event: RunEvent) => {
      const next = runReducer(machine.current, event);
      if (next === machine.current) return;
      machine.current = next;
      setState(next);
      // The pending record follows what is settled and what the run holds (not every download step).
      const settles = event.type !== 'fileChanged' || (event.patch.status !== undefined && SETTLED.has(event.patch.status));
      if (settles && next.phase !== 'fit' && next.phase !== 'checking') persist();
    },
    [persist],
  );

  // The first round's checks, before anything downloads.
  useEffect(() => {
    let live = true;
    (async () => {
      writePendingImport(window.localStorage, userId, { files, replaces: replaces ?? {}, startedAt: startedAt.current });
      const existing = await findImported(supabase, files.map((f) => f.id)).catch(() => []);
      // A resumed update: the file is still changed, so its new version goes on replacing the old.
      const plan = planImport(files, existing).map((it) => (it.status === 'changed' && replaces?.[it.file.id] ? { ...it, status: 'waiting' as const, replaces: it.existing!.id } : it));
      const waiting = plan.filter((it) => it.status === 'waiting');
      checksums.current = expectedChecksums(plan);
      // Room in the plan for the new documents; should it not be known, the import goes on and
      // the database still refuses what does not fit.
      const fit = waiting.length > 0 ? await readPlanRoom(supabase).then((r) => planFit(waiting.length, r), () => null) : null;
      if (live) send({ type: 'checked', plan, fit });
    })();
    return () => {
      live = false;
    };
    // `files` and `replaces` are fixed for the life of a run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [supabase, userId, send]);

  // Each batch's downloads: the upload pulls each file as it is downloaded.
  useEffect(() => {
    if (state.batch === null) return undefined;
    let live = true;
    controller.current = new AbortController();
    const update = (index: number, patch: Partial<ImportItem>) => {
      if (!live) return;
      if (patch.download) sources.current.set(patch.download, index);
      send({ type: 'fileChanged', index, patch });
    };
    setFeed({ round: state.batch, files: downloadFeed(client, machine.current.items, update, controller.current.signal), checksums: machine.current.firstBatch ? checksums.current : undefined });
    return () => {
      live = false;
      // Closing the dialog (or a new round) stops this round's downloads.
      controller.current.abort();
    };
  }, [client, state.batch, send]);

  const itemOf = (file: File) => {
    const index = sources.current.get(file);
    return index === undefined ? undefined : { index, item: machine.current.items[index] };
  };

  const onStored = useCallback(
    (document: { id: string; name: string }, file: File) => {
      const found = itemOf(file);
      if (!found) return;
      const { index, item } = found;
      send({ type: 'fileChanged', index, patch: { status: 'stored', existing: { id: document.id, name: document.name, drive_file_id: item.file.id, drive_modified_time: item.file.modifiedTime } } });
      if (!item.replaces) return; // its Drive origin went in with its row
      void replaceWithNewVersion(supabase, item.replaces, document.id, item.file.id, item.file.modifiedTime).then(
        (answer) => {
          // Another device or tab updated it first: this new version is gone again (ADR 0256).
          if (answer.outcome === 'already_replaced') send({ type: 'fileChanged', index, patch: alreadyUpdated(machine.current.items[index], answer.document) });
          // The old version (or this new one) left the library: every list of documents reads again.
          return queryClient.invalidateQueries({ queryKey: driveDocumentKeys.all });
        },
        () => send({ type: 'fileChanged', index, patch: { reason: 'Imported as a new document; the previous version could not be moved to the trash. Please remove it yourself.' } }),
      );
    },
     
    [supabase, send, queryClient],
  );

  /**
   * The upload ended a file without storing it (the plan's limit, a skip, a cancel), or another
   * device or tab stored the same Drive file first (ADR 0250): the item says so, and why.
   */
  const onNotStored = useCallback(
    (file: File, outcome: NotStoredOutcome) => {
      const found = itemOf(file);
      if (!found) return;
      send({ type: 'fileChanged', index: found.index, patch: outcome.status === 'already-stored' ? alreadyImported(found.item, outcome.document) : notStored(outcome) });
    },
     
    [send],
  );

  /** A new document's Drive origin, written with its row; an update moves it over instead (ADR 0131). */
  const driveOrigin = useCallback((file: File) => {
    const item = itemOf(file)?.item;
    return item && !item.replaces ? { driveFileId: item.file.id, driveModifiedTime: item.file.modifiedTime } : null;
     
  }, []);

  const finish = (then: () => void) => {
    writePendingImport(window.localStorage, userId, null);
    then();
  };

  const { phase, items } = state;
  if (phase === 'fit' && state.fit) {
    return <FitPanel fit={state.fit} onBack={() => finish(onBack)} onChoose={(room) => send({ type: 'fitChosen', room })} />;
  }
  // Every count is what happened to a file (issue 21 §4): a file is counted once it has settled
  // (stored, skipped, refused, failed); the bar moves half a file for each one downloaded.
  const report = importReport(items);
  const halfway = items.filter((it) => it.status === 'downloaded').length;
  const downloading = items.some((it) => it.status === 'waiting' || it.status === 'downloading');
  return (
    <div className="drive-run">
      <Progress value={items.length ? ((report.settled + halfway / 2) / items.length) * 100 : 0} label="Import progress" showLabel valueText={report.progress} />
      {phase === 'checking' ? <p role="status">Checking what you imported before…</p> : null}
      <RunItems items={items} />
      {phase === 'importing' && downloading ? (
        <Button variant="danger" onClick={() => controller.current.abort()}>
          Cancel import
        </Button>
      ) : null}
      {(phase === 'importing' || phase === 'summary') && feed ? (
        <section aria-labelledby="drive-saving">
          <h3 id="drive-saving">Adding to your documents</h3>
          <Widget
            key={feed.round}
            name="documents.upload-dialog"
            placement="drive-import"
            files={feed.files}
            expectedChecksums={feed.checksums}
            origin={driveOrigin}
            onStored={onStored}
            onNotStored={onNotStored}
            onComplete={() => send({ type: 'uploadSettled' })}
          />
        </section>
      ) : null}
      <RunSummary
        state={state}
        report={report}
        onUpdateChanged={() => send({ type: 'updateChanged' })}
        onRetry={() => send({ type: 'retryFailed' })}
        onMore={() => finish(onBack)}
        onDone={() => finish(onDone)}
      />
    </div>
  );
}
