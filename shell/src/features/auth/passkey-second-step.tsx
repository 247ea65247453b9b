import { useEffect, useState } from 'react';
import { useAuth } from '@dossier/shared/contract';
import { classifyError, passkeyErrorMessage, passkeyFactorId, passkeysSupported, passSecondStepWithPasskey } from '@dossier/shared/core';
import { Button } from '@dossier/shared/ui';

/**
 * The two-step screen's "Use your passkey instead" (issue 27): shown when the person added a
 * passkey as a second step and this browser can use it. Passing it raises the session to aal2,
 * exactly as the authenticator code does.
 */
export function PasskeySecondStep({ onPassed }: { onPassed: () => void }) {
  const { supabase } = useAuth();
  const [factorId, setFactorId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!passkeysSupported()) return;
    let live = true;
    passkeyFactorId(supabase).then(
      (id) => live && setFactorId(id),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [supabase]);
  if (!factorId) return null;
  const pass = async () => {
    setBusy(true);
    setError(null);
    try {
      await passSecondStepWithPasskey(supabase, factorId);
      onPassed();
    } catch (e) {
      setError(passkeyErrorMessage(e, 'second-step') ?? classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="auth-passkey-step">
      {error ? (
        <p role="alert" className="auth-error">
          {error}
        </p>
      ) : null}
      <Button variant="primary" block onClick={() => void pass()} loading={busy}>
        Use your passkey instead
      </Button>
    </div>
  );
}
