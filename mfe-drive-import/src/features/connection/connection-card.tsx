import { useErrorLog, Widget, type WidgetPropsOf } from '@dossier/shared';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { Badge, Button, useConfirm, WidgetFrame } from '@dossier/shared/ui';
import { DRIVE_READ_SCOPE, DRIVE_WRITE_SCOPE } from '../../connection/drive-connection';
import { useDrive } from '../../lib/use-drive';
import { useConnect } from './use-connect';
import { useDriveAccount } from './use-drive-account';
import './drive.css';

const SCOPE_LABELS: Record<string, string> = {
  [DRIVE_READ_SCOPE]: 'See and download your Drive files',
  [DRIVE_WRITE_SCOPE]: 'Save files Dossier creates to your Drive',
};

/**
 * Widget 'drive.connection-card': connect, the connected account, granted scopes, last error,
 * Disconnect. Drawn by WidgetFrame like every other dashboard card (title, loading, error, empty).
 */
export default function DriveConnectionCard({ title }: WidgetPropsOf<'drive.connection-card'>) {
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
  const disconnectButton = (
    <Button variant="danger" onClick={() => void disconnect()}>
      Disconnect
    </Button>
  );

  const connected = enabled && state.isAuthenticated && status.kind !== 'expired' && status.kind !== 'idle';
  // Still reading the account of a known connection: the shared loading state, not a half-filled card.
  const pending = connected && status.kind === 'loading' && !state.account;
  const unavailable = connected && status.kind === 'unavailable';
  return (
    <>
      <WidgetFrame
        title={title ?? DRIVE_CONNECTION_MESSAGES.provider}
        className="drive-connection"
        state={pending ? 'pending' : unavailable ? 'error' : 'success'}
        error={DRIVE_CONNECTION_MESSAGES.unavailable}
        onRetry={retry}
        // Google unreachable: Disconnect stays at hand (it still forgets the grant here).
        footer={unavailable ? disconnectButton : null}
        aside={connected ? <Badge tone={status.kind === 'ready' ? 'success' : 'neutral'}>{status.kind === 'ready' ? 'Connected' : 'Connecting…'}</Badge> : null}
        empty={
          !enabled ? (
            <p>Drive import is turned off.</p>
          ) : !connected ? (
            <div className="drive-connection__body">
              <p>{status.kind === 'expired' ? 'Your Google Drive session has expired. Connect again to continue.' : 'Connect your Google Drive to import files and keep portfolio folders there.'}</p>
              {error || state.lastError ? (
                <p role="alert" className="drive-alert">
                  {error ?? state.lastError}
                </p>
              ) : null}
              <div className="drive-actions">
                <Button variant="primary" loading={busy} onClick={() => void connect()}>
                  {status.kind === 'expired' ? 'Reconnect Google Drive' : 'Connect Google Drive'}
                </Button>
              </div>
            </div>
          ) : null
        }
      >
        <div className="drive-connection__body">
          {state.account ? (
            <p className="drive-connection__account">
              {state.account.name} <span className="drive-muted">({state.account.email})</span>
            </p>
          ) : null}
          <h3 className="drive-connection__subtitle">Access granted</h3>
          <ul className="drive-connection__scopes">
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
            {disconnectButton}
          </div>
        </div>
      </WidgetFrame>
      {/* Outside the frame: the error state's Disconnect asks too. */}
      {dialog}
    </>
  );
}
