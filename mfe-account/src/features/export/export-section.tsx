import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAppConfig, useAuth } from '@dossier/shared';
import { classifyError, uploadLimitBytes } from '@dossier/shared/core';
import type { ArchiveFailure, ArchiveProgress, ArchiveRun } from '@dossier/shared/archive';
import { Progress } from '@dossier/shared/ui';
import { FormError } from '../../lib/form-error';

// The zip code loads when the person exports or imports, not with /settings: the page then opens
// offline too, and its first load stays light.
const loadArchive = () => import('@dossier/shared/archive');

function fileName(retry: boolean): string {
  return `dossier-export-${new Date().toISOString().slice(0, 10)}${retry ? '-failed-documents' : ''}.zip`;
}

/** What the last export or import did, and what a retry would redo (only the failed documents). */
interface LastRun {
  kind: 'export' | 'import';
  run: ArchiveRun;
  /** The chosen export file, kept for "Import the failed ones again". */
  source?: File;
}

/** The summary line, each failed document with its reason, and the retry of just those. */
function RunReport({ last, busy, onRetry }: { last: LastRun; busy: boolean; onRetry: (only: ReadonlySet<string>) => void }) {
  const { report, failed } = last.run;
  const again = failed.length === 1 ? 'the failed document' : `the ${failed.length} failed documents`;
  return (
    <div role="status" data-testid="archive-report">
      <p>{report.line}</p>
      {failed.length > 0 ? (
        <>
          <ul aria-label={last.kind === 'export' ? 'Not exported' : 'Not imported'}>
            {failed.map((f: ArchiveFailure) => (
              <li key={f.file}>
                {f.name} — {f.reason}
              </li>
            ))}
          </ul>
          <button type="button" disabled={busy} onClick={() => onRetry(new Set(failed.map((f) => f.file)))}>
            {last.kind === 'export' ? `Export ${again} again` : `Import ${again} again`}
          </button>
        </>
      ) : null}
    </div>
  );
}

function percent(p: ArchiveProgress | null): number {
  return p && p.total > 0 ? Math.round((p.done / p.total) * 100) : 0;
}

/**
 * Export everything as one zip, streamed to disk in every browser with a service worker (ADR 0161;
 * the save picker, then memory, where there is none), and load an export back into this account —
 * read from the chosen file entry by entry, never whole.
 */
export function ExportSection() {
  const id = useId();
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  // A re-imported export is checked like an upload, against this deployment's limit.
  const maxBytes = uploadLimitBytes(useAppConfig());
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<LastRun | null>(null);

  const runExport = async (only?: ReadonlySet<string>) => {
    setError(null);
    setLast(null);
    let archiveCode: Awaited<ReturnType<typeof loadArchive>>;
    try {
      archiveCode = await loadArchive();
    } catch (e) {
      setError(classifyError(e).userMessage);
      return;
    }
    const sink = await archiveCode.openSaveSink({ fileName: fileName(Boolean(only)), mimeType: 'application/zip' });
    if (!sink) return; // the person closed the save dialog
    setBusy('export');
    try {
      const run = await archiveCode.exportLibrary(supabase, (chunk) => sink.write(chunk), setProgress, { only });
      await sink.close();
      setLast({ kind: 'export', run });
    } catch (e) {
      await sink.abort(e);
      setError(classifyError(e).userMessage);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async (file: File, only?: ReadonlySet<string>) => {
    setError(null);
    setLast(null);
    setBusy('import');
    try {
      const run = await (await loadArchive()).importLibrary(supabase, file, setProgress, { only, maxBytes });
      await queryClient.invalidateQueries();
      setLast({ kind: 'import', run, source: file });
    } catch (e) {
      setError(e instanceof Error && /Dossier export/.test(e.message) ? e.message : classifyError(e).userMessage);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="dossier-settings-section dossier-security">
      <h2 id={`${id}-title`}>Your data</h2>
      <p>
        Download everything as one zip: every document in a folder named after its portfolio or category, with its original name, plus dossier.json (all details) and
        documents.csv (opens in a spreadsheet). A Dossier export can be loaded into an account again.
      </p>
      <div className="dossier-actions">
        <button type="button" onClick={() => void runExport()} disabled={busy !== null}>
          {busy === 'export' ? 'Exporting...' : 'Export everything'}
        </button>
        <label className="dossier-button-link dossier-file-button">
          {busy === 'import' ? 'Importing...' : 'Import an export'}
          <input type="file" accept=".zip,application/zip" onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void runImport(file);
            }} disabled={busy !== null} className="dossier-visually-hidden" />
        </label>
      </div>
      {busy ? (
        <div>
          <Progress label={busy === 'export' ? 'Export progress' : 'Import progress'} value={percent(progress)} showLabel />
          <p className="dossier-settings-hint" aria-live="polite">
            {progress?.current ?? ''}
          </p>
        </div>
      ) : null}
      <FormError message={error} />
      {last ? (
        <RunReport
          last={last}
          busy={busy !== null}
          onRetry={(only) => void (last.kind === 'export' ? runExport(only) : last.source && runImport(last.source, only))}
        />
      ) : null}
    </section>
  );
}
