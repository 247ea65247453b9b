import { useEffect, useMemo, useState } from 'react';
import type { WidgetPropsOf } from '@dossier/shared';
import { DRIVE_FOLDER_NAMES, DriveError } from '@dossier/shared/core';
import { Badge, Button } from '@dossier/shared/ui';
import { DRIVE_WRITE_SCOPE } from '../../connection/drive-connection';
import { FolderMirror } from '../../drive/folder-mirror';
import { folderNameMatches } from '../../drive/folder-names';
import type { DriveFolder } from '../../drive/drive-client';
import { useDrive } from '../../lib/use-drive';
import '../connection/drive.css';

type MirrorState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'mirrored'; folder: DriveFolder } | { kind: 'error'; error: DriveError | null };

/**
 * Widget 'drive.folder-mirror' (props `portfolioId`, `portfolioName`): whether the portfolio has
 * its 'Dossier/Portfolio: {name}' folder in Drive, and a button that creates (or renames) it.
 */
export default function FolderMirrorWidget(props: WidgetPropsOf<'drive.folder-mirror'>) {
  const portfolio = { id: props.portfolioId, name: props.portfolioName };
  const { client, connection, state, enabled } = useDrive();
  const mirror = useMemo(() => new FolderMirror(client), [client]);
  const [mirrorState, setMirrorState] = useState<MirrorState>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const connected = state.isAuthenticated && Boolean(connection.accessToken());

  useEffect(() => {
    if (!connected || !portfolio.id) return;
    let live = true;
    (async () => {
      // In whichever of the account's 'Dossier' folders it is (two devices may have made two, ADR 0497).
      let found = (await mirror.findPortfolioFolder(portfolio.id)) ?? undefined;
      // Issue 12 §5: a renamed portfolio renames its folder — here, whenever the name this widget
      // is given no longer matches the folder's (the portfolio was renamed here or elsewhere).
      // Only with the write scope the person already gave; otherwise the button offers it.
      if (found && !folderNameMatches(found.name, portfolio.name) && connection.hasScope(DRIVE_WRITE_SCOPE)) found = await mirror.renamePortfolio(portfolio);
      if (live) setMirrorState(found ? { kind: 'mirrored', folder: found } : { kind: 'missing' });
    })().catch((e: unknown) => live && setMirrorState({ kind: 'error', error: e instanceof DriveError ? e : null }));
    return () => {
      live = false;
    };
    // The portfolio object is rebuilt on every render; its id and name are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected, client, mirror, connection, portfolio.id, portfolio.name]);

  const create = async () => {
    setBusy(true);
    try {
      // SPEC §1: the write scope is asked for only now, when the person first saves to Drive.
      if (!connection.hasScope(DRIVE_WRITE_SCOPE)) await connection.connect({ write: true });
      const folder = await mirror.renamePortfolio(portfolio);
      setMirrorState({ kind: 'mirrored', folder });
    } catch (e) {
      setMirrorState({ kind: 'error', error: e instanceof DriveError ? e : null });
    } finally {
      setBusy(false);
    }
  };

  if (!enabled) return null;
  if (!connected) return <p className="drive-muted">Connect Google Drive to keep this portfolio in a Drive folder.</p>;
  return (
    <section className="drive-card" aria-label="Google Drive folder">
      {mirrorState.kind === 'loading' ? <p role="status">Looking for the Drive folder…</p> : null}
      {mirrorState.kind === 'mirrored' ? (
        <p>
          <Badge tone="success">In Drive</Badge> {DRIVE_FOLDER_NAMES.appRoot}/{mirrorState.folder.name}
        </p>
      ) : null}
      {mirrorState.kind === 'missing' ? <p>This portfolio has no Drive folder yet.</p> : null}
      {mirrorState.kind === 'error' ? (
        <p role="alert" className="drive-alert">
          {mirrorState.error ? `${mirrorState.error.title}: ${mirrorState.error.displayMessage}` : 'Something went wrong with Google Drive.'}
        </p>
      ) : null}
      {mirrorState.kind !== 'loading' && (mirrorState.kind !== 'mirrored' || !folderNameMatches(mirrorState.folder.name, portfolio.name)) ? (
        <Button loading={busy} onClick={() => void create()}>
          {mirrorState.kind === 'mirrored' ? 'Rename the Drive folder' : 'Create the Drive folder'}
        </Button>
      ) : null}
    </section>
  );
}
