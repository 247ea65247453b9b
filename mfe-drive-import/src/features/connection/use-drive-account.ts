import { useCallback, useEffect, useState } from 'react';
import { DriveError } from '@dossier/shared/core';
import { initialiseWithRetry } from '../../connection/drive-connection';
import { useDrive } from '../../lib/use-drive';

export type AccountStatus = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'unavailable' } | { kind: 'expired' };

/**
 * Initialises the Drive interface for a connected person (SPEC §4: 3 tries, 1 s then 2 s): reads the
 * account, and schedules the refresh (or, without a server grant, the reconnect prompt) 5 minutes
 * before the token expires.
 */
export function useDriveAccount() {
  const { connection, client, state } = useDrive();
  const [status, setStatus] = useState<AccountStatus>({ kind: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const token = state.accessToken;

  useEffect(() => {
    if (!token || !state.isAuthenticated) {
      setStatus({ kind: 'idle' });
      return undefined;
    }
    if (!connection.accessToken()) {
      // SPEC §4: when expired, a refresh is attempted (server-held grant), then a new consent.
      if (connection.canRefresh()) {
        setStatus({ kind: 'loading' });
        void connection.refresh();
      } else setStatus({ kind: 'expired' });
      return undefined;
    }
    let live = true;
    setStatus({ kind: 'loading' });
    initialiseWithRetry(() => client.about())
      .then((about) => {
        if (!live) return;
        connection.setAccount({ email: about.user.emailAddress, name: about.user.displayName });
        setStatus({ kind: 'ready' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        setStatus({ kind: error instanceof DriveError && error.status === 401 ? 'expired' : 'unavailable' });
      });
    // SPEC §4: refresh scheduled 5 minutes before expiry — on the server when it holds the grant,
    // otherwise the person is asked to reconnect then.
    const delay = connection.refreshDelayMs();
    const onDue = () => {
      if (!live) return;
      if (connection.canRefresh()) void connection.refresh();
      else setStatus({ kind: 'expired' });
    };
    const timer = delay !== null ? setTimeout(onDue, delay) : undefined;
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [token, state.isAuthenticated, connection, client, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, retry };
}
