import type { ComponentType, FormEvent, ReactNode, Ref } from 'react';
import { Button, TextField, TitleRow } from '@dossier/shared/ui';
import { Tab, TabList, TabPanel, Tabs } from '@dossier/shared/ui/controls';
import { intent } from '../../prerender/auth-first-paint';
import './auth-page.css';

export type AuthMode = 'sign-in' | 'sign-up' | 'forgot' | 'new-password';

const TITLES: Record<AuthMode, string> = {
  'sign-in': 'Sign in to Dossier',
  'sign-up': 'Create your Dossier account',
  forgot: 'Reset your password',
  'new-password': 'Set a new password',
};
const SUBMIT_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Sign in',
  'sign-up': 'Create account',
  forgot: 'Send reset link',
  'new-password': 'Save new password',
};

export interface AuthCardProps {
  mode: AuthMode;
  error?: string | null;
  notice?: ReactNode;
  busy?: boolean;
  formRef?: Ref<HTMLFormElement>;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  onSwitch?: (mode: AuthMode) => void;
  onGoogle?: () => void;
  /** "Sign in with a passkey", where the browser has passkeys. */
  passkeyButton?: ReactNode;
  /** react-router's Link in the app; a plain anchor in index.html's first paint. */
  Link: ComponentType<{ to: string; children: ReactNode }>;
}

/**
 * What /auth shows: the title, the sign-in/sign-up tabs, the form and the other ways in. Without
 * state of its own, so the shell's build renders the same card into index.html for the first
 * paint of a visitor's /auth (prerender/, ADR 0499) and AuthPage renders it with its state.
 */
export function AuthCard({ mode, error, notice, busy = false, formRef, onSubmit, onSwitch, onGoogle, passkeyButton, Link }: AuthCardProps) {
  const body = (
    <>
      {error && (
        <p role="alert" className="auth-error">
          {error}
        </p>
      )}
      {notice && (
        <p role="status" className="auth-notice">
          {notice}
        </p>
      )}
      <form ref={formRef} onSubmit={onSubmit} aria-busy={busy} className="auth-form">
        {mode === 'sign-up' && <TextField label="Name" name="name" autoComplete="name" required />}
        {mode !== 'new-password' && (
          // "webauthn" lets the browser list passkeys among the e-mail suggestions (passkey autofill).
          <TextField label="Email" name="email" type="email" autoComplete={mode === 'sign-in' ? 'username webauthn' : 'email'} inputMode="email" required />
        )}
        {mode !== 'forgot' && (
          <TextField
            label={mode === 'new-password' ? 'New password' : 'Password'}
            name="password"
            type="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            minLength={mode === 'sign-in' ? undefined : 6}
            required
          />
        )}
        <Button type="submit" variant="primary" block loading={busy}>
          {SUBMIT_LABELS[mode]}
        </Button>
      </form>
      {(mode === 'sign-in' || mode === 'sign-up') && (
        <>
          <p className="auth-divider">or</p>
          <div className="auth-alternatives">
            <Button variant="secondary" block onClick={onGoogle} disabled={busy} {...intent('google')}>
              Continue with Google
            </Button>
            {mode === 'sign-in' && passkeyButton}
          </div>
        </>
      )}
    </>
  );

  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{TITLES[mode]}</h1>
        {mode === 'sign-in' || mode === 'sign-up' ? (
          <Tabs value={mode} onValueChange={(value) => onSwitch?.(value as AuthMode)}>
            <TabList label="Sign in or sign up">
              <Tab value="sign-in" {...intent('sign-in')}>
                Sign in
              </Tab>
              <Tab value="sign-up" {...intent('sign-up')}>
                Sign up
              </Tab>
            </TabList>
            {/* The form in the step's own panel only: the panel left is still drawn for a moment,
                and one form in two places would take the form's ref with it. */}
            <TabPanel value="sign-in">{mode === 'sign-in' && body}</TabPanel>
            <TabPanel value="sign-up">{mode === 'sign-up' && body}</TabPanel>
          </Tabs>
        ) : (
          body
        )}
        <TitleRow className="auth-links">
          {mode === 'sign-in' && (
            <button type="button" className="auth-link" onClick={() => onSwitch?.('forgot')} {...intent('forgot')}>
              Forgot password?
            </button>
          )}
          {mode === 'forgot' && (
            <button type="button" className="auth-link" onClick={() => onSwitch?.('sign-in')}>
              Back to sign in
            </button>
          )}
          <Link to="/">Back to the home page</Link>
        </TitleRow>
      </section>
    </div>
  );
}
