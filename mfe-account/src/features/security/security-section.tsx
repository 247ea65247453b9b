import { useId } from 'react';
import { EmailChange } from './email-change';
import { Passkeys } from './passkeys';
import { PasswordChange } from './password-change';
import { SessionsList } from './sessions-list';
import { TwoStepSignIn } from './two-step';
import './security.css';

/** The "Sign-in security" part of /settings. */
export function SecuritySection() {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-security`} className="dossier-settings-section dossier-security">
      <h2 id={`${id}-security`}>Sign-in security</h2>
      <Passkeys />
      <TwoStepSignIn />
      <PasswordChange />
      <EmailChange />
      <SessionsList />
    </section>
  );
}
