import { Button } from '@dossier/shared/ui';
import { useDrive } from '../../lib/use-drive';
import { useConnect } from '../connection';

/** Connect (or, once the token expired, reconnect) Google Drive: shown whenever Drive is not connected. */
export function ConnectPanel() {
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
