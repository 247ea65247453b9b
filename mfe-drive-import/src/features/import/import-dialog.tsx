import { useCallback, useEffect, useRef, useState } from 'react';
import { Widget, useAuth, useDossier, useSupabase, type WidgetPropsOf } from '@dossier/shared';
import { DriveError, countNoun, findImported, formatBytes, planFit, readPlanRoom, type PlanFit } from '@dossier/shared/core';
import { Badge, Button, Dialog, EmptyState, NativeSelect, Progress, Skeleton, TextField } from '@dossier/shared/ui';
import { driveDocumentKeys, replaceWithNewVersion } from '../../api/drive-documents';
import { isFolder, isNativeDocument, type DriveFile, type DriveFileFilter, type DriveFolder } from '../../drive/drive-client';
import { useDrive } from '../../lib/use-drive';
import { useConnect } from '../connection';
import { alreadyImported, alreadyUpdated, downloadFeed, importReport, importSummary, lookUpKnownDuplicates, notStored, planImport, type ImportItem, type KnownDuplicates } from './drive-import';
import { readPendingImport, settle, writePendingImport, type PendingImport } from './pending-import';
import '../connection/drive.css';
import './import-dialog.css';
import { DriveFileRow, DriveFolderRow } from './drive-rows';

const FILTERS: Array<{ value: DriveFileFilter; label: string }> = [
  { value: 'all', label: 'All files' },
  { value: 'pdf', label: 'PDF' },
  { value: 'documents', label: 'PDF, Word and Google documents' },
  { value: 'images', label: 'Images' },
];

type Crumb = { id: string; name: string };

/** Drive reports sizes as decimal strings; folders and native documents have none. */
const formatSize = (size?: string) => (size ? formatBytes(Number(size)) : '');

function kindLabel(mime: string): string {
  if (mime === 'application/pdf') return 'PDF';
  if (isNativeDocument(mime)) return 'Google document';
  if (mime.startsWith('image/')) return 'Image';
  if (mime.includes('word')) return 'Word';
  return 'File';
}

/** The Drive browser: breadcrumbs, folders, files by 50 with Load more, filters, name search, multi-select. */
function DriveBrowser({ onImport }: { onImport: (files: DriveFile[], label: string) => void }) {
  const { client, connection } = useDrive();
  const [path, setPath] = useState<Crumb[]>([{ id: 'root', name: 'My Drive' }]);
  const [filter, setFilter] = useState<DriveFileFilter>('all');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [folders, setFolders] = useState<DriveFolder[]>([]);
  const [files, setFiles] = useState<DriveFile[]>([]);
  const [nextPage, setNextPage] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<DriveError | null>(null);
  const [selected, setSelected] = useState<Map<string, DriveFile>>(new Map());
  const [counting, setCounting] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const folderId = path[path.length - 1].id;

  useEffect(() => {
    const t = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    Promise.all([query ? Promise.resolve([]) : client.listFolders(folderId), client.listFiles({ parentId: folderId, filter, search: query })])
      .then(([f, page]) => {
        if (!live) return;
        setFolders(f);
        setFiles(page.files);
        setNextPage(page.nextPageToken);
      })
      .catch((e: unknown) => live && setError(e instanceof DriveError ? e : null))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [client, folderId, filter, query, reload]);

  const loadMore = async () => {
    if (!nextPage) return;
    setLoadingMore(true);
    try {
      const page = await client.listFiles({ parentId: folderId, filter, search: query, pageToken: nextPage });
      setFiles((prev) => [...prev, ...page.files]);
      setNextPage(page.nextPageToken);
    } catch (e) {
      setError(e instanceof DriveError ? e : null);
    } finally {
      setLoadingMore(false);
    }
  };

  const toggle = (file: DriveFile, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(file.id, file);
      else next.delete(file.id);
      return next;
    });

  const importFolder = async (folder: DriveFolder) => {
    setCounting(folder.id);
    try {
      const tree = await client.listTree(folder.id, filter);
      onImport(tree, `the folder “${folder.name}”`);
    } catch (e) {
      setError(e instanceof DriveError ? e : null);
    } finally {
      setCounting(null);
    }
  };

  const open = (folder: DriveFolder) => {
    setSearch('');
    setQuery('');
    setPath((p) => [...p, { id: folder.id, name: folder.name }]);
  };

  return (
    <div className="drive-browser">
      <nav aria-label="Folder path" className="drive-crumbs">
        <ol>
          {path.map((c, i) => (
            <li key={c.id}>
              {i < path.length - 1 ? (
                <button type="button" className="drive-link" onClick={() => setPath((p) => p.slice(0, i + 1))}>
                  {c.name}
                </button>
              ) : (
                <span aria-current="location">{c.name}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <div className="drive-tools">
        <TextField label="Search Drive by name" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <NativeSelect label="Show" value={filter} onChange={(e) => setFilter(e.target.value as DriveFileFilter)}>
          {FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error ? (
        <div role="alert" className="drive-alert drive-error">
          <strong>{error.title}</strong>
          <span>{error.displayMessage}</span>
          <Button
            onClick={async () => {
              if (error.driveErrorType === 'folder_not_found') setPath([{ id: 'root', name: 'My Drive' }]);
              // SPEC §4: an expired or refused token leads to a new consent.
              if (error.driveErrorType === 'authentication_expired' || error.driveErrorType === 'authentication_failed') await connection.connect().catch(() => undefined);
              setReload((n) => n + 1);
            }}
          >
            {error.action}
          </Button>
        </div>
      ) : null}
      {loading ? (
        <div aria-busy="true" aria-label="Loading Drive" className="drive-skeletons">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height={44} />
          ))}
        </div>
      ) : (
        <>
          {folders.length + files.length === 0 && !error ? (
            <EmptyState title={query ? `Nothing named “${query}”` : 'This folder is empty'} description={filter !== 'all' ? 'Try showing all files.' : undefined} headingLevel={3} />
          ) : null}
          {folders.length > 0 ? (
            <ul className="drive-list" aria-label="Folders">
              {folders.map((f) => (
                <DriveFolderRow key={f.id} folder={f} counting={counting === f.id} onOpen={() => open(f)} onImport={() => void importFolder(f)} />
              ))}
            </ul>
          ) : null}
          {files.length > 0 ? (
            <ul className="drive-list" aria-label="Files">
              {files.filter((f) => !isFolder(f)).map((f) => (
                <DriveFileRow
                  key={f.id}
                  file={f}
                  details={[kindLabel(f.mimeType), new Date(f.modifiedTime).toLocaleDateString(), formatSize(f.size)].filter(Boolean).join(' · ')}
                  selected={selected.has(f.id)}
                  onToggle={(v) => toggle(f, v)}
                />
              ))}
            </ul>
          ) : null}
          {nextPage ? (
            <Button loading={loadingMore} onClick={() => void loadMore()}>
              Load more
            </Button>
          ) : null}
        </>
      )}
      <div className="drive-footer">
        <span role="status">{selected.size === 0 ? 'No files selected' : `${selected.size} selected`}</span>
        <Button variant="primary" disabled={selected.size === 0} onClick={() => onImport([...selected.values()], `${selected.size} selected file${selected.size === 1 ? '' : 's'}`)}>
          Import selected
        </Button>
      </div>
    </div>
  );
}

const STATUS_TEXT: Record<ImportItem['status'], string> = {
  waiting: 'Waiting',
  downloading: 'Downloading…',
  downloaded: 'Downloaded',
  stored: 'Imported',
  duplicate: 'Already imported',
  changed: 'Changed in Drive',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What settles a file for a resumed import: it is in Dossier, or the person was told it already is. */
const SETTLED = new Set<ImportItem['status']>(['stored', 'duplicate', 'changed']);

/**
 * Runs one import: Drive-id duplicates, then downloads and the documents upload as one pipeline
 * (each file is handed on as soon as it is downloaded, a bounded number held at once; ADR 0235),
 * then a summary. A round re-queues failed files (Retry) or changed ones (Update from Drive,
 * ADR 0131); each round's downloads go to a fresh upload, so nothing is handed over twice.
 */
function ImportRun({ files, replaces, onDone, onBack }: { files: DriveFile[]; replaces?: Record<string, string>; onDone: () => void; onBack: () => void }) {
  const { client } = useDrive();
  const supabase = useSupabase();
  const userId = useAuth().user?.id ?? '';
  const { queryClient } = useDossier();
  const [items, setItems] = useState<ImportItem[]>([]);
  const [phase, setPhase] = useState<'checking' | 'fit' | 'importing' | 'summary'>('checking');
  // The chosen files do not all fit the plan: asked before anything downloads (issue 21 §4).
  const [fit, setFit] = useState<PlanFit | null>(null);
  // Files left out of this import because the plan had no room for them.
  const [leftOut, setLeftOut] = useState(0);
  const [batch, setBatch] = useState<{ round: number; files: AsyncIterable<File> } | null>(null);
  const controller = useRef(new AbortController());
  const itemsRef = useRef<ImportItem[]>([]);
  // A round re-queues files (Retry, Update from Drive), or (`fitting`) starts the first with only as many new files as the plan holds.
  const [round, setRound] = useState<{ n: number; requeue: ReadonlyArray<ImportItem['status']>; fitting?: number }>({ n: 0, requeue: [] });
  const pending = useRef<PendingImport>({ files, replaces: replaces ?? {}, startedAt: Date.now() });
  // Which item each downloaded file belongs to, so its row is written with its Drive origin.
  const sources = useRef(new WeakMap<File, number>());
  // The upload's duplicate check, answered for the first round from Drive's checksums (ADR 0255).
  const known = useRef<KnownDuplicates>(() => undefined);

  const persist = useCallback(() => {
    const settled = new Set(itemsRef.current.filter((it) => SETTLED.has(it.status)).map((it) => it.file.id));
    writePendingImport(window.localStorage, userId, settle(pending.current, settled));
  }, [userId]);

  const update = useCallback((index: number, patch: Partial<ImportItem>) => {
    itemsRef.current = itemsRef.current.map((it, i) => (i === index ? { ...it, ...patch } : it));
    setItems(itemsRef.current);
  }, []);

  useEffect(() => {
    let live = true;
    controller.current = new AbortController();
    (async () => {
      setPhase('checking');
      let plan: ImportItem[];
      if (round.n === 0) {
        writePendingImport(window.localStorage, userId, pending.current);
        const existing = await findImported(supabase, files.map((f) => f.id)).catch(() => []);
        // A resumed update: the file is still changed, so its new version goes on replacing the old.
        plan = planImport(files, existing).map((it) => (it.status === 'changed' && replaces?.[it.file.id] ? { ...it, status: 'waiting' as const, replaces: it.existing!.id } : it));
        // One lookup for every checksum instead of one request per file; should it fail, each
        // file is checked as it is uploaded, as before.
        known.current = await lookUpKnownDuplicates(supabase, plan).catch((): KnownDuplicates => () => undefined);
        // Room in the plan for the new documents, before anything downloads; should it not be
        // known, the import goes on and the database still refuses what does not fit.
        const newFiles = plan.filter((it) => it.status === 'waiting').length;
        const room = newFiles > 0 ? await readPlanRoom(supabase).then((r) => planFit(newFiles, r), () => null) : null;
        if (!live) return;
        if (room && !room.fits) {
          itemsRef.current = plan;
          setItems(plan);
          setFit(room);
          setPhase('fit');
          return;
        }
      } else if (round.fitting !== undefined) {
        // Import what fits: the first new files the plan has room for; the rest leave this import.
        let kept = 0;
        plan = itemsRef.current.filter((it) => it.status !== 'waiting' || kept++ < round.fitting!);
        setLeftOut(itemsRef.current.length - plan.length);
        pending.current = { ...pending.current, files: plan.map((it) => it.file) };
      } else {
        // A later round (Retry, Update from Drive) comes after this import stored files: its
        // answers could be out of date, so each file is checked as it is uploaded.
        known.current = () => undefined;
        plan = itemsRef.current.map((it) =>
          round.requeue.includes(it.status) ? { ...it, status: 'waiting' as const, reason: undefined, replaces: it.status === 'changed' ? it.existing!.id : it.replaces } : it,
        );
      }
      const updates = Object.fromEntries(plan.filter((it) => it.replaces).map((it) => [it.file.id, it.replaces!]));
      pending.current = { ...pending.current, replaces: { ...pending.current.replaces, ...updates } };
      itemsRef.current = plan;
      if (!live) return;
      setItems(plan);
      persist();
      if (!plan.some((it) => it.status === 'waiting')) {
        setPhase('summary');
        return;
      }
      // The upload pulls each file as it is downloaded; the summary comes when it has settled all.
      setBatch({ round: round.n, files: downloadFeed(
          client,
          itemsRef.current,
          (i, patch) => {
            if (!live) return;
            if (patch.download) sources.current.set(patch.download, i);
            update(i, patch);
          },
          controller.current.signal,
        ),
      });
      setPhase('importing');
    })();
    return () => {
      live = false;
      // Closing the dialog (or a new round) stops this round's downloads.
      controller.current.abort();
    };
    // `files` and `replaces` are fixed for the life of a run; rounds re-run it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, supabase, update, round, persist]);

  const onStored = useCallback(
    (document: { id: string; name: string; sha256?: string | null }) => {
      const index = itemsRef.current.findIndex((it) => it.status === 'downloaded' && it.sha256 && it.sha256 === document.sha256);
      if (index < 0) return;
      const item = itemsRef.current[index];
      update(index, { status: 'stored', existing: { id: document.id, name: document.name, drive_file_id: item.file.id, drive_modified_time: item.file.modifiedTime } });
      persist();
      if (item.replaces) {
        void replaceWithNewVersion(supabase, item.replaces, document.id, item.file.id, item.file.modifiedTime).then(
          (answer) => {
            // Another device or tab updated it first: this new version is gone again (ADR 0256).
            if (answer.outcome === 'already_replaced') {
              update(index, alreadyUpdated(itemsRef.current[index], answer.document));
              persist();
            }
            // The old version (or this new one) left the library: every list of documents reads again.
            return queryClient.invalidateQueries({ queryKey: driveDocumentKeys.all });
          },
          () => update(index, { reason: 'Imported as a new document; the previous version could not be moved to the trash. Please remove it yourself.' }),
        );
      }
      // Otherwise its Drive origin went in with its row (driveOrigin below).
    },
    [supabase, update, persist, queryClient],
  );

  const knownDuplicates = useCallback((sha256: string) => known.current(sha256), []);

  /**
   * Another device or tab imported the same Drive file at the same moment and stored it first: this
   * file ends as the up-front check would have left it, skipped as already imported with a link to
   * that document (its own object was removed; ADR 0250).
   */
  const onAlreadyImported = useCallback(
    (document: { id: string; name: string }, file: File) => {
      const index = sources.current.get(file);
      if (index === undefined) return;
      update(index, alreadyImported(itemsRef.current[index], document));
      persist();
    },
    [update, persist],
  );

  /** The upload ended a file without storing it (the plan's limit, a skip, a cancel): the item says so, and why. */
  const onNotStored = useCallback(
    (file: File, outcome: Parameters<typeof notStored>[0]) => {
      const index = sources.current.get(file);
      if (index === undefined) return;
      update(index, notStored(outcome));
      persist();
    },
    [update, persist],
  );

  /** A new document's Drive origin, written with its row; an update moves it over instead (ADR 0131). */
  const driveOrigin = useCallback((file: File) => {
    const index = sources.current.get(file);
    const item = index === undefined ? undefined : itemsRef.current[index];
    return item && !item.replaces ? { driveFileId: item.file.id, driveModifiedTime: item.file.modifiedTime } : null;
  }, []);

  const finish = (then: () => void) => {
    writePendingImport(window.localStorage, userId, null);
    then();
  };

  // Every count is what happened to a file (issue 21 §4): a file is counted once it has settled
  // (stored, skipped, refused, failed); the bar moves half a file for each one downloaded.
  const report = importReport(items);
  const halfway = items.filter((it) => it.status === 'downloaded').length;
  const downloading = items.some((it) => it.status === 'waiting' || it.status === 'downloading');
  const { imported, updated, duplicates, changed, failed } = importSummary(items);

  if (phase === 'fit' && fit) {
    const choose = (fitting: number) => {
      setFit(null);
      setRound((r) => ({ n: r.n + 1, requeue: [], fitting }));
    };
    return (
      <div className="drive-confirm" role="group" aria-labelledby="drive-fit">
        <h3 id="drive-fit">Not enough room in your plan</h3>
        <p role="alert">{fit.message}</p>
        <div className="drive-footer">
          <Button onClick={() => finish(onBack)}>Back</Button>
          <a className="drive-link" href="/settings#plan">
            Upgrade your plan
          </a>
          {fit.room > 0 ? (
            <Button variant="primary" onClick={() => choose(fit.room)}>
              Import the {countNoun(fit.room, 'file')} that fit
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <div className="drive-run">
      <Progress value={items.length ? ((report.settled + halfway / 2) / items.length) * 100 : 0} label="Import progress" showLabel valueText={report.progress} />
      {phase === 'checking' ? <p role="status">Checking what you imported before…</p> : null}
      <ul className="drive-list" aria-label="Files being imported">
        {items.map((it) => (
          <li key={it.file.id} className="drive-row drive-row--run">
            <span className="drive-row__name">{it.file.name}</span>
            <Badge tone={it.status === 'failed' ? 'danger' : it.status === 'downloaded' || it.status === 'stored' ? 'success' : it.status === 'duplicate' || it.status === 'changed' ? 'warning' : 'neutral'}>
              {it.status === 'stored' && it.replaces ? 'Updated' : it.updatedElsewhere ? 'Already updated' : STATUS_TEXT[it.status]}
            </Badge>
            {it.reason ? <span className="drive-alert">{it.reason}</span> : null}
          </li>
        ))}
      </ul>
      {phase === 'importing' && downloading ? (
        <Button variant="danger" onClick={() => controller.current.abort()}>
          Cancel import
        </Button>
      ) : null}
      {(phase === 'importing' || phase === 'summary') && batch ? (
        <section aria-labelledby="drive-saving">
          <h3 id="drive-saving">Adding to your documents</h3>
          <Widget key={batch.round} name="documents.upload-dialog" placement="drive-import" files={batch.files} source="drive" onStored={onStored} driveOrigin={driveOrigin} knownDuplicates={knownDuplicates} onAlreadyImported={onAlreadyImported} onNotStored={onNotStored} onComplete={() => setPhase('summary')} />
        </section>
      ) : null}
      {phase === 'summary' || (phase === 'importing' && imported.length + updated.length > 0) ? (
        <section aria-labelledby="drive-summary" className="drive-summary">
          <h3 id="drive-summary">Summary</h3>
          <p role="status">{report.line}</p>
          {leftOut > 0 ? <p>{countNoun(leftOut, 'file')} left out: your plan had no room for them.</p> : null}
          {duplicates.length > 0 ? (
            <ul aria-label="Already imported">
              {duplicates.map((it) => (
                <li key={it.file.id}>
                  {it.existing ? <a href={`/documents?doc=${it.existing.id}`}>{it.existing.name}</a> : it.file.name}
                  {!it.existing ? ' — you chose to skip this copy of a document you have' : it.status === 'changed' ? ' — changed in Drive since you imported it' : it.updatedElsewhere ? ' — already updated from Drive on another device or tab' : ' — already in your documents'}
                </li>
              ))}
            </ul>
          ) : null}
          {updated.length > 0 ? (
            <ul aria-label="Updated from Drive">
              {updated.map((it) => (
                <li key={it.file.id}>
                  <a href={`/documents?doc=${it.existing!.id}`}>{it.existing!.name}</a> — the new version replaced the old one (now in the trash)
                </li>
              ))}
            </ul>
          ) : null}
          <div className="drive-actions">
            {changed.length > 0 && phase === 'summary' ? (
              <Button onClick={() => setRound((r) => ({ n: r.n + 1, requeue: ['changed'] }))}>
                Update {changed.length} changed file{changed.length === 1 ? '' : 's'} from Drive
              </Button>
            ) : null}
            {failed.length > 0 && phase === 'summary' ? <Button onClick={() => setRound((r) => ({ n: r.n + 1, requeue: ['failed', 'cancelled'] }))}>Retry failed files</Button> : null}
          </div>
          {/* Only once every file has settled: leaving earlier would stop the files still on their way. */}
          {phase === 'summary' ? (
            <div className="drive-footer">
              <Button onClick={() => finish(onBack)}>Import more</Button>
              <Button variant="primary" onClick={() => finish(onDone)}>
                Done
              </Button>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

function ConnectPanel() {
  const { connection, state } = useDrive();
  const { busy, error, connect } = useConnect();
  const expired = state.isAuthenticated && !connection.accessToken();
  return (
    <div className="drive-connect">
      <p>{expired ? 'Your Google Drive session has expired. Connect again to continue.' : 'Connect Google Drive to choose files. Dossier only reads the files you pick.'}</p>
      {error ? (
        <p role="alert" className="drive-alert">
          {error}
        </p>
      ) : null}
      <Button
        variant="primary"
        loading={busy}
        onClick={() => void connect()}
      >
        {expired ? 'Reconnect Google Drive' : 'Connect Google Drive'}
      </Button>
    </div>
  );
}

/** Widget 'drive.import-dialog': a button that opens the Drive browser and import. */
export default function DriveImportDialog(props: WidgetPropsOf<'drive.import-dialog'>) {
  const { connection, state, enabled } = useDrive();
  const userId = useAuth().user?.id ?? '';
  const [open, setOpen] = useState(false);
  const [run, setRun] = useState<{ files: DriveFile[]; replaces?: Record<string, string> } | null>(null);
  const [interrupted, setInterrupted] = useState<PendingImport | null>(null);
  // An import cut short by a reload (or a closed tab) is offered again when the dialog opens.
  useEffect(() => {
    if (open && !run && userId) setInterrupted(readPendingImport(window.localStorage, userId));
  }, [open, run, userId]);
  // SPEC §4: an expired token is refreshed on the server before anyone is asked to reconnect.
  useEffect(() => {
    if (open && state.isAuthenticated && !connection.accessToken() && connection.canRefresh()) void connection.refresh();
  }, [open, state, connection]);
  const [confirmFolder, setConfirmFolder] = useState<{ files: DriveFile[]; label: string } | null>(null);
  if (!enabled) return null;
  const connected = state.isAuthenticated && Boolean(connection.accessToken());
  const label = props.label ?? 'Import from Google Drive';
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) setRun(null);
      }}
      wide
      title="Import from Google Drive"
      trigger={<Button>{label}</Button>}
    >
      {!connected ? (
        <ConnectPanel />
      ) : run ? (
        <ImportRun files={run.files} replaces={run.replaces} onBack={() => setRun(null)} onDone={() => (setRun(null), setOpen(false))} />
      ) : interrupted ? (
        <div className="drive-confirm" role="group" aria-label="Interrupted import">
          <p>
            An import of {interrupted.files.length} file{interrupted.files.length === 1 ? '' : 's'} from Google Drive was interrupted. Resume it? Files already in your documents are
            not imported twice.
          </p>
          <div className="drive-footer">
            <Button
              onClick={() => {
                writePendingImport(window.localStorage, userId, null);
                setInterrupted(null);
              }}
            >
              Discard
            </Button>
            <Button variant="primary" onClick={() => (setRun({ files: interrupted.files, replaces: interrupted.replaces }), setInterrupted(null))}>
              Resume import
            </Button>
          </div>
        </div>
      ) : confirmFolder ? (
        <div className="drive-confirm">
          <p>
            {confirmFolder.files.length === 0 ? `There is nothing to import in ${confirmFolder.label}.` : `Import ${confirmFolder.files.length} file${confirmFolder.files.length === 1 ? '' : 's'} from ${confirmFolder.label}?`}
          </p>
          <div className="drive-footer">
            <Button onClick={() => setConfirmFolder(null)}>Back</Button>
            <Button variant="primary" disabled={confirmFolder.files.length === 0} onClick={() => (setRun({ files: confirmFolder.files }), setConfirmFolder(null))}>
              Import {confirmFolder.files.length} files
            </Button>
          </div>
        </div>
      ) : (
        <DriveBrowser onImport={(files, what) => (what.startsWith('the folder') ? setConfirmFolder({ files, label: what }) : setRun({ files }))} />
      )}
    </Dialog>
  );
}


