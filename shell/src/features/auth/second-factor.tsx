import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useAuth } from '@dossier/shared/contract';
import { classifyError } from '@dossier/shared/core';
import { PasskeySecondStep } from './passkey-second-step';

export type SecondFactorState = 'checking' | 'required' | 'satisfied';

/**
 * Whether the signed-in session still owes its second factor: the person has a verified TOTP
 * factor (nextLevel aal2) and this session is aal1. Read from the session supabase-js holds (no
 * request). Row Level Security enforces the same rule on the server (ADR 0099).
 */
export function useSecondFactor(): { state: SecondFactorState; recheck: () => void } {
  const { supabase, status, session } = useAuth();
  const [state, setState] = useState<SecondFactorState>('checking');
  const [tick, setTick] = useState(0);
  const token = session?.access_token;
  useEffect(() => {
    if (status !== 'signed-in') {
      setState(status === 'loading' ? 'checking' : 'satisfied');
      return;
    }
    const mfa = supabase.auth?.mfa;
    if (!mfa?.getAuthenticatorAssuranceLevel) {
      setState('satisfied');
      return;
    }
    let live = true;
    mfa.getAuthenticatorAssuranceLevel().then(
      ({ data }) => {
        if (live) setState(data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2' ? 'required' : 'satisfied');
      },
      () => live && setState('satisfied'),
    );
    return () => {
      live = false;
    };
  }, [supabase, status, token, tick]);
  return { state, recheck: useCallback(() => setTick((t) => t + 1), []) };
}

function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}

/** The sign-in step after the password: the authenticator code, or a recovery code. */
export function SecondFactorStep({ onPassed }: { onPassed: (viaRecoveryCode: boolean) => void }) {
  const id = useId();
  const auth = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  return (
    <div className="auth-page">
      <div className="auth-card">
        <h1 id={`${id}-title`}>Two-step sign-in</h1>
        <p>{useRecovery ? 'Enter one of the recovery codes you saved.' : 'Open your authenticator app and enter the code it shows for Dossier.'}</p>
        <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} aria-busy={busy} noValidate>
          <div className="auth-field">
            <label htmlFor={`${id}-code`}>{useRecovery ? 'Recovery code' : 'Authentication code'}</label>
            <input
              key={useRecovery ? 'recovery' : 'totp'}
              id={`${id}-code`}
              name="code"
              autoComplete="one-time-code"
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoFocus
              required
            />
          </div>
          {error ? (
            <p role="alert" className="auth-error">
              {error}
            </p>
          ) : null}
          <button type="submit" className="auth-primary" disabled={busy}>
            {busy ? 'Checking...' : 'Continue'}
          </button>
        </form>
        <PasskeySecondStep onPassed={() => onPassed(false)} />
        <p>
          <button type="button" className="auth-link" onClick={() => { setUseRecovery(!useRecovery); setError(null); }}>
            {useRecovery ? 'Use the authenticator app instead' : 'Lost your phone? Use a recovery code'}
          </button>
        </p>
        <p>
          <button type="button" className="auth-link" onClick={() => void auth.signOut()}>
            Cancel and sign out
          </button>
        </p>
      </div>
    </div>
  );
}
