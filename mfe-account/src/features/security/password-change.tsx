import { useId, useState, type FormEvent } from 'react';
import { useAuth, useToasts } from '@dossier/shared';
import { classifyError } from '@dossier/shared/core';
import { changePassword } from '../../api/account-security';
import { FormError, errorCode } from '../../lib/form-error';

const MIN_PASSWORD_LENGTH = 6;

/** Change password: the current one is checked by the auth server, not here. */
export function PasswordChange() {
  const id = useId();
  const { supabase } = useAuth();
  const toasts = useToasts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('current-password') ?? '');
    const next = String(data.get('new-password') ?? '');
    const repeat = String(data.get('repeat-password') ?? '');
    if (!current) return setError('Enter your current password.');
    if (next.length < MIN_PASSWORD_LENGTH) return setError(`The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`);
    if (next !== repeat) return setError('The two new passwords are not the same.');
    setError(null);
    setBusy(true);
    try {
      await changePassword(supabase, current, next);
      form.reset();
      toasts.stacked.add({ title: 'Your password was changed. Other devices were signed out.', variant: 'success' });
    } catch (e) {
      const code = errorCode(e);
      setError(
        code === 'current_password_mismatch'
          ? 'Your current password is not right.'
          : code === 'same_password'
            ? 'The new password must be different from the current one.'
            : code === 'weak_password'
              ? `The new password needs at least ${MIN_PASSWORD_LENGTH} characters.`
              : classifyError(e).userMessage,
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Change password</h3>
      <div className="dossier-field">
        <label htmlFor={`${id}-current`}>Current password</label>
        <input id={`${id}-current`} name="current-password" type="password" autoComplete="current-password" />
      </div>
      <div className="dossier-field">
        <label htmlFor={`${id}-new`}>New password</label>
        <input id={`${id}-new`} name="new-password" type="password" autoComplete="new-password" minLength={MIN_PASSWORD_LENGTH} />
      </div>
      <div className="dossier-field">
        <label htmlFor={`${id}-repeat`}>New password again</label>
        <input id={`${id}-repeat`} name="repeat-password" type="password" autoComplete="new-password" />
      </div>
      <FormError message={error} />
      <button type="submit" disabled={busy}>
        {busy ? 'Changing...' : 'Change password'}
      </button>
    </form>
  );
}
