import { useMemo, useState } from 'react';
import { useSupabase, type WidgetPropsOf } from '@dossier/shared';
import { DriveError } from '@dossier/shared/core';
import { Button } from '@dossier/shared/ui';
import { loadDocumentForDrive } from '../../api/drive-documents';
import { DRIVE_WRITE_SCOPE } from '../../connection/drive-connection';
import { FolderMirror, type DriveUploadResult } from '../../drive/folder-mirror';
import { useDrive } from '../../lib/use-drive';
import '../connection/drive.css';

type SaveState = { kind: 'idle' } | { kind: 'saving'; step: string } | { kind: 'saved'; result: DriveUploadResult } | { kind: 'failed'; title: string; message: string };

/**
 * Widget 'drive.save-to-drive' (prop `documentId`): "Save to Drive" uploads the document into its
 * portfolio's folder 'Dossier/Portfolio: {name}' (or 'Dossier/Uncategorized'), renaming on a name
 * conflict (SPEC §5), and says where it went (SPEC §3 upload result). The write scope is asked for
 * here, the first time a person saves (SPEC §1).
 */
export default function SaveToDrive({ documentId }: WidgetPropsOf<'drive.save-to-drive'>) {
  const supabase = useSupabase();
  const { client, connection, enabled } = useDrive();
  const mirror = useMemo(() => new FolderMirror(client), [client]);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  if (!enabled || !documentId) return null;

  const save = async () => {
    try {
      if (!connection.accessToken() || !connection.hasScope(DRIVE_WRITE_SCOPE)) {
        setState({ kind: 'saving', step: 'Waiting for Google to allow saving…' });
        await connection.connect({ write: true });
      }
      setState({ kind: 'saving', step: 'Saving to Google Drive…' });
      const doc = await loadDocumentForDrive(supabase, documentId);
      const result = await mirror.saveDocument({
        fileName: doc.name,
        mimeType: doc.mimeType,
        data: doc.data,
        portfolio: doc.portfolio,
        // Resumable (ADR 0198): large files report each chunk Drive confirmed.
        onProgress: (sent, total) => {
          if (total > 0 && sent < total) setState({ kind: 'saving', step: `Saving to Google Drive… ${Math.floor((sent / total) * 100)} %` });
        },
      });
      setState({ kind: 'saved', result });
    } catch (e) {
      setState(
        e instanceof DriveError
          ? { kind: 'failed', title: e.title, message: e.displayMessage }
          : { kind: 'failed', title: 'Not saved to Google Drive', message: e instanceof Error ? e.message : String(e) },
      );
    }
  };

  return (
    <span className="drive-save">
      <Button loading={state.kind === 'saving'} onClick={() => void save()}>
        Save to Drive
      </Button>
      {state.kind === 'saving' ? (
        <span role="status" className="drive-muted">
          {state.step}
        </span>
      ) : null}
      {state.kind === 'saved' ? (
        <span role="status" className="drive-muted">
          Saved to Google Drive: {state.result.driveFilePath}
        </span>
      ) : null}
      {state.kind === 'failed' ? (
        <span role="alert" className="drive-alert">
          <strong>{state.title}</strong> {state.message}
        </span>
      ) : null}
    </span>
  );
}
