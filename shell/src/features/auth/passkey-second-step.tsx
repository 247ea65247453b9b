import { useState } from 'react';
import { useAuth } from '@dossier/shared/contract';
import { classifyError, passkeyErrorMessage, passSecondStepWithPasskey } from '@dossier/shared/core';
import { Button } from '@dossier/shared/ui';

/**
 * The two-step screen's passkey (issue 27): the person added a passkey as a second step and this
 * browser can use it. Passing it raises the session to aal2, exactly as the authenticator code
 * does. `lead`: the passkey is the person's only second step, so it is the screen's main action
 * ("Use your passkey"); otherwise it is the alternative to the code ("…instead").
 */
export function PasskeySecondStep({ factorId, lead, onPassed }: { factorId: string; lead: boolean; onPassed: () => void }) {
  const { supabase } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
      <Button variant={lead ? 'primary' : 'secondary'} block onClick={() => void pass()} loading={busy} autoFocus={lead}>
        {lead ? 'Use your passkey' : 'Use your passkey instead'}
      </Button>
    </div>
  );
}
