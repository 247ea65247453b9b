import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '@dossier/shared/contract';
import { classifyError, passkeysSupported } from '@dossier/shared/core';
import { Button, TextField } from '@dossier/shared/ui';
import { PasskeySecondStep } from './passkey-second-step';
import './auth-page.css';

/** The person's verified second steps: an authenticator app, and a passkey this browser can use. */
interface SecondSteps {
  totp: boolean;
  passkeyFactorId: string | null;
}

/** Asked once when the screen opens; if the list cannot be read, the code field (as before). */
function useSecondSteps(): SecondSteps | null {
  const { supabase } = useAuth();
  const [steps, setSteps] = useState<SecondSteps | null>(null);
  useEffect(() => {
    let live = true;
    const read = async (): Promise<SecondSteps> => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      const verified = data.all.filter((f) => f.status === 'verified');
      const passkey = passkeysSupported() ? verified.find((f) => f.factor_type === 'webauthn') : undefined;
      return { totp: verified.some((f) => f.factor_type === 'totp'), passkeyFactorId: passkey?.id ?? null };
    };
    read().then(
      (found) => live && setSteps(found),
      () => live && setSteps({ totp: true, passkeyFactorId: null }),
    );
    return () => {
      live = false;
    };
  }, [supabase]);
  return steps;
}

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}

/**
 * The sign-in step after the password: the authenticator code, or a recovery code. The frame shows
 * it alone (no nav, no name, no consent) until the session reaches aal2 (issue 21 §8). A small
 * component of its own so other second factors (a passkey) can join it as one more choice.
 */
export function SecondFactorStep({ onPassed }: { onPassed: (viaRecoveryCode: boolean) => void }) {
  const id = useId();
  const auth = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const steps = useSecondSteps();
  // A passkey as the only second step: the passkey is the screen's action, not a code field for
  // an app the person never set up (issue 27). Recovery codes stay one tap away.
  const onlyPasskey = steps && !steps.totp ? steps.passkeyFactorId : null;
  const passkeyOnly = onlyPasskey !== null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      if (useRecovery) {
        const { data, error: e } = await auth.supabase.rpc('use_mfa_recovery_code', { code });
        if (e) throw e;
        const result = data as { ok: boolean; reason?: string };
        if (!result.ok) {
          setError(result.reason === 'too_many_attempts' ? 'Too many wrong codes. Wait 15 minutes and try again.' : 'That recovery code is not right or was already used.');
          return;
        }
        // The factor is gone: a refreshed session no longer owes a second factor. Told first, so
        // the page knows where to go when the refreshed session arrives.
        onPassed(true);
        await auth.supabase.auth.refreshSession();
        // And again once the refreshed session (without the factor) is stored: the first check may
        // have read the old one, and the page must not wait for the auth context to notice.
        onPassed(true);
        return;
      }
      if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
        setError('Enter the 6-digit code from your authenticator app.');
        return;
      }
      const { data: factors, error: listError } = await auth.supabase.auth.mfa.listFactors();
      if (listError) throw listError;
      const factor = factors.totp[0];
      if (!factor) {
        onPassed(false);
        return;
      }
      const { error: e } = await auth.supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: code.replace(/\s/g, '') });
      if (e) throw e;
      onPassed(false);
    } catch (e) {
      const c = errorCode(e);
      setError(c === 'mfa_verification_failed' || c === 'mfa_challenge_expired' ? 'That code is not right. Enter the code your app shows now.' : classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  const switchKind = () => {
    setUseRecovery(!useRecovery);
    setError(null);
  };

  return (
    <div className="auth-page" data-testid="second-factor-step">
      <div className="auth-card">
        <h1 id={`${id}-title`}>Two-step sign-in</h1>
        {steps === null ? null : onlyPasskey && !useRecovery ? (
          <>
            <p>Use the passkey on this device — Face ID, your fingerprint or your screen lock — to finish signing in.</p>
            <PasskeySecondStep factorId={onlyPasskey} lead onPassed={() => onPassed(false)} />
          </>
        ) : (
          <>
            <p>{useRecovery ? 'Enter one of the recovery codes you saved.' : 'Open your authenticator app and enter the code it shows for Dossier.'}</p>
            <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} aria-busy={busy} noValidate className="auth-form">
              <TextField
                key={useRecovery ? 'recovery' : 'totp'}
                label={useRecovery ? 'Recovery code' : 'Authentication code'}
                name="code"
                autoComplete="one-time-code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                spellCheck={false}
                autoCapitalize="off"
                autoFocus
                required
                error={error}
              />
              <Button type="submit" variant="primary" block loading={busy} disabled={busy}>
                {busy ? 'Checking…' : 'Continue'}
              </Button>
            </form>
            {!useRecovery && steps.passkeyFactorId ? <PasskeySecondStep factorId={steps.passkeyFactorId} lead={false} onPassed={() => onPassed(false)} /> : null}
          </>
        )}
        {steps === null ? null : (
          <p>
            <Button variant="ghost" onClick={switchKind}>
              {useRecovery ? (passkeyOnly ? 'Use your passkey instead' : 'Use the authenticator app instead') : passkeyOnly ? 'Lost your passkey? Use a recovery code' : 'Lost your phone? Use a recovery code'}
            </Button>
          </p>
        )}
        <p>
          <Button variant="ghost" onClick={() => void auth.signOut()}>
            Cancel and sign out
          </Button>
        </p>
      </div>
    </div>
  );
}
