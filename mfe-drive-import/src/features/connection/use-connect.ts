import { useState } from 'react';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { useDrive } from '../../lib/use-drive';

/** Starts the Drive consent flow from a button: busy while it runs, the reason when it fails. */
export function useConnect() {
  const { connection } = useDrive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      await connection.connect();
    } catch (e) {
      setError(e instanceof Error ? e.message : DRIVE_CONNECTION_MESSAGES.unavailable);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, connect };
}
