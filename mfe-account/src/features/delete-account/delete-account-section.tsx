import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@dossier/shared';
import { classifyError } from '@dossier/shared/core';
import { accountSecurityKeys, scheduleDeletion, type DeletionRefusal } from '../../api/account-security';
import { useScheduledDeletion } from './use-scheduled-deletion';
import { FormError } from '../../lib/form-error';

const REFUSALS: Record<DeletionRefusal, string> = {
  invalid_password: 'That password is not right.',
  too_many_attempts: 'Too many wrong passwords. Wait 15 minutes and try again.',
  second_factor_required: 'Sign in again with your authenticator code first, then try again.',
  reauthentication_needed: 'For your safety, sign out and sign in again, then delete your account within 10 minutes.',
};

/** "Delete my account": password (and second factor) first, then deletion in 30 days. */
export function DeleteAccountSection() {
  const id = useId();
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  const { query } = useScheduledDeletion();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setError(null);
    try {
      const result = await scheduleDeletion(supabase, password);
      if (!result.scheduled) {
        setError(REFUSALS[result.reason] ?? classifyError(new Error(result.reason)).userMessage);
        return;
      }
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: accountSecurityKeys.deletion });
    } catch (e) {
      setError(classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="dossier-settings-section dossier-danger-zone">
      <h2 id={`${id}-title`}>Delete account</h2>
      {query.data ? (
        <p>Your account is scheduled for deletion. You can keep it with the button at the top of this page.</p>
      ) : (
        <>
          <p>
            Deleting your account removes every document, file, category, tag, portfolio and share link 30 days after you ask. Until then you can change your mind. Export your
            documents first if you want to keep them.
          </p>
          {!open ? (
            <button type="button" className="dossier-danger" onClick={() => setOpen(true)}>
              Delete my account
            </button>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate className="dossier-confirm" aria-labelledby={`${id}-confirm`}>
              <p id={`${id}-confirm`}>
                <strong>Enter your password to confirm.</strong> We will e-mail you, and delete the account in 30 days.
              </p>
              <div className="dossier-field">
                <label htmlFor={`${id}-password`}>Password</label>
                <input id={`${id}-password`} name="password" type="password" autoComplete="current-password" autoFocus />
              </div>
              <FormError message={error} />
              <div className="dossier-actions">
                <button type="submit" className="dossier-danger" disabled={busy}>
                  {busy ? 'Scheduling...' : 'Delete in 30 days'}
                </button>
                <button type="button" onClick={() => setOpen(false)} disabled={busy}>
                  Cancel
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
