import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAuth } from '@dossier/shared/contract';
import { AUTH_ERROR_MESSAGES, LOADING_TEXT } from '@dossier/shared/core';
import { classifyAuthError } from './auth-errors';
import { currentAuthEvents } from './auth-events';
import { requestPasswordReset, setNewPassword, signInWithEmail, signUpWithEmail, NoUserReturnedError } from './email-auth';
import { signInWithGoogle } from './google-sign-in';
import { AuthFailureError } from './oauth-retry';
import { OAUTH_PENDING_KEY, cleanOAuthAddress, pollForSession, readOAuthReturn } from './oauth-return';
import { redirectTarget } from './redirect-target';
import { RESET_PARAM } from './email-auth';
import { useSecondFactor } from './second-factor';
import { AddPasskeyOffer, PasskeySignInButton, usePasskeyAutofill } from './passkey-sign-in';
import { passkeysSupported } from '@dossier/shared/core';
import { AuthCard, type AuthMode } from './auth-card';
import { heldAuthMode, useAuthFirstPaintHandover } from './first-paint-handover';
import { fillEmptyFields, typedValues } from '../../prerender/auth-first-paint';

export type { AuthMode };

/** What a person sees for a failure: SPEC §5's own texts, or SPEC §8's category message. */
function failureText(error: unknown): string {
  if (error instanceof NoUserReturnedError) return error.message;
  if (error instanceof AuthFailureError) return error.failure.message;
  return classifyAuthError(error).message;
}

function readPending(): boolean {
  try {
    return Boolean(sessionStorage.getItem(OAUTH_PENDING_KEY));
  } catch {
    return false;
  }
}

function clearPending() {
  try {
    sessionStorage.removeItem(OAUTH_PENDING_KEY);
  } catch {
    // nothing stored
  }
}

/** SPEC §4 OAuth return handling for the page the identity provider sent the person back to. */
function useOAuthReturn(setError: (message: string | null) => void) {
  const { supabase } = useAuth();
  const [waiting, setWaiting] = useState(() => readOAuthReturn(window.location.href, readPending()).kind === 'session-expected');
  useEffect(() => {
    const result = readOAuthReturn(window.location.href, readPending());
    clearPending();
    if (result.kind === 'none') return;
    if (result.kind !== 'session-expected') {
      window.history.replaceState(window.history.state, '', cleanOAuthAddress(window.location.href));
      if (result.kind === 'error') setError(result.message);
      return;
    }
    let live = true;
    pollForSession(() => supabase.auth.getSession()).then(
      (session) => {
        if (!live) return;
        setWaiting(false);
        if (!session) setError(AUTH_ERROR_MESSAGES.timeout);
      },
      (error: unknown) => {
        if (!live) return;
        setWaiting(false);
        setError(failureText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [supabase, setError]);
  return waiting;
}

export function AuthPage() {
  const auth = useAuth();
  const authEvents = currentAuthEvents();
  const navigate = useNavigate();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  // The reset e-mail's link comes back to /auth?reset=1; supabase-js announces PASSWORD_RECOVERY a
  // moment after the session it carries, so the step is chosen from the address, not the event.
  const [recoveryLink] = useState(() => params.has(RESET_PARAM) || /(^|[#&])type=recovery(&|$)/.test(location.hash));
  // An expired or used reset link comes back with an error: offer a new link instead.
  const [linkFailed] = useState(() => readOAuthReturn(window.location.href, false).kind === 'error');
  const initialMode: AuthMode =
    recoveryLink && linkFailed ? 'forgot' : recoveryLink || authEvents?.recovering() ? 'new-password' : params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
  // A step pressed on index.html's prerendered card before the app was there (ADR 0499).
  const [mode, setMode] = useState<AuthMode>(() => heldAuthMode() ?? initialMode);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<ReactNode>(() =>
    recoveryLink && linkFailed ? 'That link has expired or was already used. Ask for a new one below.' : null,
  );
  const [busy, setBusy] = useState(false);
  const waitingForProvider = useOAuthReturn(setError);

  // The recovery link signs the person in with a recovery session: ask for the new password first.
  useEffect(() => {
    if (!authEvents) return;
    if (authEvents.recovering()) setMode('new-password');
    return authEvents.subscribe(() => {
      if (authEvents.recovering()) setMode('new-password');
    });
  }, [authEvents]);

  const target = redirectTarget(location.search);
  // Two-step sign-in (issue 14): the frame shows the code step until the session reaches aal2;
  // this page moves on only once nothing is owed.
  const secondFactor = useSecondFactor();
  // After a password sign-up that signed in: the offer to add a passkey, before going on (issue 27).
  const [passkeyOffer, setPasskeyOffer] = useState<'none' | 'pending' | 'shown'>('none');
  useEffect(() => {
    if (auth.status === 'signed-in' && mode !== 'new-password' && secondFactor.state === 'satisfied' && passkeyOffer === 'none') navigate(target, { replace: true });
  }, [auth.status, mode, navigate, target, secondFactor.state, passkeyOffer]);

  // What was typed in one step is there in the next: Sign in → Sign up keeps the e-mail. Each
  // step's form is a new element, mounted when its tab panel has drawn it: filled as it attaches.
  const formRef = useRef<HTMLFormElement | null>(null);
  const typedBeforeSwitch = useRef<Record<string, string>>({});
  const attachForm = useCallback((form: HTMLFormElement | null) => {
    formRef.current = form;
    if (!form) return;
    fillEmptyFields(form, typedBeforeSwitch.current);
    typedBeforeSwitch.current = {};
  }, []);
  const switchTo = (next: AuthMode) => {
    typedBeforeSwitch.current = formRef.current ? typedValues(formRef.current) : {};
    setMode(next);
    setError(null);
    setNotice(null);
  };

  // Passkey autofill: the browser offers the person's passkeys on the e-mail field (issue 27).
  const signInAnotherWay = usePasskeyAutofill(mode === 'sign-in' && auth.status !== 'signed-in', setError);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await signInAnotherWay(work);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    void run(async () => {
      if (mode === 'sign-in') {
        await signInWithEmail(auth.supabase, email, password);
      } else if (mode === 'sign-up') {
        const name = String(form.get('name') ?? '').trim();
        // Set before the session arrives, so the page waits for the offer instead of leaving.
        if (passkeysSupported()) setPasskeyOffer('pending');
        const result = await signUpWithEmail(auth.supabase, { email, password, name }).catch((e: unknown) => {
          setPasskeyOffer('none');
          throw e;
        });
        await authEvents?.signedUp({ id: result.user.id, email: result.user.email }, result.signedIn);
        if (result.signedIn && passkeysSupported()) setPasskeyOffer('shown');
        else setPasskeyOffer('none');
        if (!result.signedIn) setNotice(`Check ${email} for a link to confirm your account.`);
      } else if (mode === 'forgot') {
        await requestPasswordReset(auth.supabase, email);
        setNotice(`If an account exists for ${email}, a link to set a new password is on its way.`);
      } else {
        await setNewPassword(auth.supabase, password);
        authEvents?.endRecovery();
        navigate(target, { replace: true });
      }
    });
  };

  const google = () => void run(() => signInWithGoogle(auth.supabase));
  useAuthFirstPaintHandover(formRef, { google });

  if (auth.status === 'signed-in' && passkeyOffer === 'shown') return <AddPasskeyOffer onDone={() => setPasskeyOffer('none')} />;

  if (waitingForProvider || (auth.status === 'signed-in' && mode !== 'new-password')) {
    return (
      <div className="auth-page" aria-busy="true">
        <p role="status" className="auth-status">
          {LOADING_TEXT}
        </p>
      </div>
    );
  }

  return (
    <AuthCard
      mode={mode}
      error={error}
      notice={notice}
      busy={busy}
      formRef={attachForm}
      onSubmit={submit}
      onSwitch={switchTo}
      onGoogle={google}
      passkeyButton={<PasskeySignInButton disabled={busy} onError={setError} signInAnotherWay={signInAnotherWay} />}
      Link={Link}
    />
  );
}
