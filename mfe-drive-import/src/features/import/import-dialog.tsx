import { useEffect, useReducer } from 'react';
import { useAuth, type WidgetPropsOf } from '@dossier/shared';
import { Button, Dialog } from '@dossier/shared/ui';
import { useDrive } from '../../lib/use-drive';
import { ConnectPanel } from './connect-panel';
import { dialogReducer, initialDialog, panelOf, type DialogEvent, type DialogView } from './dialog-machine';
import { DriveBrowser } from './drive-browser';
import { ImportRun } from './import-run';
import { readPendingImport, writePendingImport } from './pending-import';
import '../connection/drive.css';
import './import-dialog.css';

const plural = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

/** An import cut short by a reload (or a closed tab): resume it or discard it. */
function InterruptedPanel({ count, send, onDiscard }: { count: number; send: (event: DialogEvent) => void; onDiscard: () => void }) {
  return (
    <div className="drive-confirm" role="group" aria-label="Interrupted import">
      <p>An import of {plural(count)} from Google Drive was interrupted. Resume it? Files already in your documents are not imported twice.</p>
      <div className="drive-footer">
        <Button onClick={onDiscard}>Discard</Button>
        <Button variant="primary" onClick={() => send({ type: 'resumed' })}>
          Resume import
        </Button>
      </div>
    </div>
  );
}

/** A folder's whole tree was counted: confirmed before it is imported. */
function ConfirmFolderPanel({ view, send }: { view: Extract<DialogView, { kind: 'confirmFolder' }>; send: (event: DialogEvent) => void }) {
  const count = view.files.length;
  return (
    <div className="drive-confirm">
      <p>{count === 0 ? `There is nothing to import in ${view.label}.` : `Import ${plural(count)} from ${view.label}?`}</p>
      <div className="drive-footer">
        <Button onClick={() => send({ type: 'back' })}>Back</Button>
        <Button variant="primary" disabled={count === 0} onClick={() => send({ type: 'confirmed' })}>
          Import {count} files
        </Button>
      </div>
    </div>
  );
}

/** Widget 'drive.import-dialog': a button that opens the Drive browser and import (states in ./dialog-machine.ts). */
export default function DriveImportDialog(props: WidgetPropsOf<'drive.import-dialog'>) {
  const { connection, state: drive, enabled } = useDrive();
  const userId = useAuth().user?.id ?? '';
  const [state, send] = useReducer(dialogReducer, initialDialog);
  const { open, view } = state;
  // An import cut short by a reload (or a closed tab) is offered again when the dialog opens.
  useEffect(() => {
    if (open && view.kind === 'browse' && userId) send({ type: 'interruptedFound', pending: readPendingImport(window.localStorage, userId) });
  }, [open, view.kind, userId]);
  // SPEC §4: an expired token is refreshed on the server before anyone is asked to reconnect.
  useEffect(() => {
    if (open && drive.isAuthenticated && !connection.accessToken() && connection.canRefresh()) void connection.refresh();
  }, [open, drive, connection]);
  if (!enabled) return null;
  const panel = panelOf(state, drive.isAuthenticated && Boolean(connection.accessToken()));
  return (
    <Dialog open={open} onOpenChange={(o) => send({ type: o ? 'opened' : 'closed' })} wide title="Import from Google Drive" trigger={<Button>{props.label ?? 'Import from Google Drive'}</Button>}>
      {panel === 'connect' ? <ConnectPanel /> : null}
      {panel === 'run' && view.kind === 'run' ? <ImportRun files={view.files} replaces={view.replaces} onBack={() => send({ type: 'back' })} onDone={() => send({ type: 'done' })} /> : null}
      {panel === 'interrupted' && view.kind === 'interrupted' ? (
        <InterruptedPanel
          count={view.pending.files.length}
          send={send}
          onDiscard={() => {
            writePendingImport(window.localStorage, userId, null);
            send({ type: 'discarded' });
          }}
        />
      ) : null}
      {panel === 'confirmFolder' && view.kind === 'confirmFolder' ? <ConfirmFolderPanel view={view} send={send} /> : null}
      {panel === 'browse' ? <DriveBrowser onImport={(files, folder) => send({ type: 'picked', files, folder })} /> : null}
    </Dialog>
  );
}
