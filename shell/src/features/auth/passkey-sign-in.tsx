import { useCallback, useEffect, useRef, useState } from 'react';
import { useAuth } from '@dossier/shared/contract';
import { addPasskey, passkeyErrorMessage, passkeysSupported, signInWithPasskey, startPasskeyAutofill, type PasskeyAutofill } from '@dossier/shared/core';
import { Button, TitleRow } from '@dossier/shared/ui';
import { classifyAuthError } from './auth-errors';

/**
 * /auth's "Sign in with a passkey" (issue 27): the browser offers the passkeys it holds for Dossier,
 * no e-mail or password typed. Hidden where the browser cannot use passkeys.
 */
export function PasskeySignInButton({
  disabled,
  onError,
  signInAnotherWay = (work) => work(),
}: {
  disabled?: boolean;
  onError: (message: string | null) => void;
  signInAnotherWay?: SignInAnotherWay;
}) {
  const { supabase } = useAuth();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;
  const signIn = async () => {
    setBusy(true);
    onError(null);
    try {
      await signInAnotherWay(() => signInWithPasskey(supabase));
    } catch (e) {
      onError(passkeyErrorMessage(e, 'sign-in') ?? classifyAuthError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" block onClick={() => void signIn()} loading={busy} disabled={disabled}>
      Sign in with a passkey
    </Button>
  );
}

/** After a password sign-up: the offer to add a passkey, so the next sign-in needs no password. */
export function AddPasskeyOffer({ onDone }: { onDone: () => void }) {
  const { supabase } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      await addPasskey(supabase);
      onDone();
    } catch (e) {
      setError(passkeyErrorMessage(e, 'add') ?? classifyAuthError(e).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="passkey-offer-title">
        <h1 id="passkey-offer-title">Sign in faster next time</h1>
        <p>Add a passkey and sign in with Face ID, a fingerprint or your screen lock instead of your password. It works only on Dossier, so it cannot be phished.</p>
        {error ? (
          <p role="alert" className="auth-error">
            {error}
          </p>
        ) : null}
        <Button variant="primary" block onClick={() => void add()} loading={busy}>
          Add a passkey
        </Button>
        <TitleRow className="auth-links">
          <Button variant="ghost" size="sm" className="auth-link" onClick={onDone} disabled={busy}>
            Not now
          </Button>
        </TitleRow>
      </section>
    </div>
  );
}

/** Runs a sign-in of another kind with the passkey autofill's waiting request out of its way. */
export type SignInAnotherWay = (work: () => Promise<void>) => Promise<void>;

/**
 * Passkey autofill on /auth's sign-in form (issue 27): while `active`, a conditional passkey
 * request waits behind the e-mail field. The returned function wraps any other way of signing in
 * (password, Google, the passkey button): the waiting request is aborted first, so the browser
 * never holds two WebAuthn requests, and waits again if that other way fails.
 */
export function usePasskeyAutofill(active: boolean, onError: (message: string) => void): SignInAnotherWay {
  const { supabase } = useAuth();
  const [otherWayRunning, setOtherWayRunning] = useState(false);
  const waiting = useRef<PasskeyAutofill | null>(null);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    if (!active || otherWayRunning) return;
    const autofill = startPasskeyAutofill(supabase, (message) => report.current(message));
    waiting.current = autofill;
    return () => {
      autofill.abort();
      waiting.current = null;
    };
  }, [supabase, active, otherWayRunning]);
  return useCallback(async (work) => {
    waiting.current?.abort();
    setOtherWayRunning(true);
    try {
      await work();
    } finally {
      setOtherWayRunning(false);
    }
  }, []);
}
