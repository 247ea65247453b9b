import { useErrorLog, Widget } from '@dossier/shared';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { Badge, Button, useConfirm } from '@dossier/shared/ui';
import { DRIVE_READ_SCOPE, DRIVE_WRITE_SCOPE } from '../../connection/drive-connection';
import { useDrive } from '../../lib/use-drive';
import { useConnect } from './use-connect';
import { useDriveAccount } from './use-drive-account';
import './drive.css';

const SCOPE_LABELS: Record<string, string> = {
  [DRIVE_READ_SCOPE]: 'See and download your Drive files',
  [DRIVE_WRITE_SCOPE]: 'Save files Dossier creates to your Drive',
};

/** Widget 'drive.connection-card': connect, the connected account, granted scopes, last error, Disconnect. */
export default function DriveConnectionCard() {
  const { connection, state, enabled } = useDrive();
  const { status, retry } = useDriveAccount();
  const errorLog = useErrorLog();
  const { confirm, dialog } = useConfirm();
  const { busy, error, connect } = useConnect();
  const lastDriveError = errorLog.listDrive().at(-1);
  const disconnect = async () => {
    const ok = await confirm({ title: 'Disconnect Google Drive?', description: 'Dossier will no longer be able to read your Drive. Documents you imported stay in Dossier.', confirmLabel: 'Disconnect', destructive: true });
    if (ok) await connection.disconnect();
  };

  const connected = state.isAuthenticated && status.kind !== 'expired' && status.kind !== 'idle';
  return (
    <section className="drive-card" aria-labelledby="drive-connection-title" data-area="drive-import">
      <h2 id="drive-connection-title">Google Drive</h2>
      {!enabled ? (
        <p>Drive import is turned off.</p>
      ) : connected ? (
        <>
          <p className="drive-card__account">
            <Badge tone={status.kind === 'ready' ? 'success' : 'neutral'}>{status.kind === 'ready' ? 'Connected' : 'Connecting…'}</Badge>{' '}
            {state.account ? (
              <span>
                {state.account.name} <span className="drive-muted">({state.account.email})</span>
              </span>
            ) : null}
          </p>
          {status.kind === 'unavailable' ? (
            <div role="alert" className="drive-alert">
              <p>{DRIVE_CONNECTION_MESSAGES.unavailable}</p>
              <Button onClick={retry}>Retry</Button>
            </div>
          ) : null}
          <h3 className="drive-card__subtitle">Access granted</h3>
          <ul className="drive-card__scopes">
            {(state.scope ?? '').split(/\s+/).filter(Boolean).map((s) => (
              <li key={s}>{SCOPE_LABELS[s] ?? s}</li>
            ))}
          </ul>
          {lastDriveError ? (
            <p className="drive-muted">
              Last problem: {lastDriveError.message} ({new Date(lastDriveError.timestamp).toLocaleString()})
            </p>
          ) : null}
          <div className="drive-actions">
            <Widget name="drive.import-dialog" placement="connection-card" />
            <Button variant="danger" onClick={() => void disconnect()}>
              Disconnect
            </Button>
          </div>
        </>
      ) : (
        <>
          <p>{status.kind === 'expired' ? 'Your Google Drive session has expired. Connect again to continue.' : 'Connect your Google Drive to import files and keep portfolio folders there.'}</p>
          {error || state.lastError ? (
            <p role="alert" className="drive-alert">
              {error ?? state.lastError}
            </p>
          ) : null}
          <Button variant="primary" loading={busy} onClick={() => void connect()}>
            {status.kind === 'expired' ? 'Reconnect Google Drive' : 'Connect Google Drive'}
          </Button>
        </>
      )}
      {dialog}
    </section>
  );
}
