import { useId, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@dossier/shared';
import { classifyError } from '@dossier/shared/core';
import type { ArchiveProgress } from '@dossier/shared/archive';
import { Progress } from '@dossier/shared/ui';
import { FormError } from '../../lib/form-error';

// The zip code loads when the person exports or imports, not with /settings: the page then opens
// offline too, and its first load stays light.
const loadArchive = () => import('@dossier/shared/archive');

function fileName(): string {
  return `dossier-export-${new Date().toISOString().slice(0, 10)}.zip`;
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
  const [progress, setProgress] = useState<ArchiveProgress | null>(null);
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const runExport = async () => {
    setError(null);
    setDone(null);
    let archiveCode: Awaited<ReturnType<typeof loadArchive>>;
    try {
      archiveCode = await loadArchive();
    } catch (e) {
      setError(classifyError(e).userMessage);
      return;
    }
    const sink = await archiveCode.openSaveSink({ fileName: fileName(), mimeType: 'application/zip' });
    if (!sink) return; // the person closed the save dialog
    setBusy('export');
    try {
      const archive = await archiveCode.exportLibrary(supabase, (chunk) => sink.write(chunk), setProgress);
      await sink.close();
      setDone(`Exported ${archive.documents.length} documents.`);
    } catch (e) {
      await sink.abort(e);
      setError(classifyError(e).userMessage);
    } finally {
      setBusy(null);
    }
  };

  const runImport = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setDone(null);
    setBusy('import');
    try {
      const result = await (await loadArchive()).importLibrary(supabase, file, setProgress);
      await queryClient.invalidateQueries();
      setDone(`Added ${result.documents} documents from ${file.name}.`);
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
          <input type="file" accept=".zip,application/zip" onChange={(e) => void runImport(e)} disabled={busy !== null} className="dossier-visually-hidden" />
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
      {done ? <p role="status">{done}</p> : null}
    </section>
  );
}
