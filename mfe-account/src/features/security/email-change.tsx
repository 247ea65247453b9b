import { useId, useState, type FormEvent } from 'react';
import { useAuth } from '@dossier/shared';
import { classifyError } from '@dossier/shared/core';
import { changeEmail } from '../../api/account-security';
import { FormError, errorCode } from '../../lib/form-error';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Change e-mail: a link goes to the new address; nothing changes until it is followed. */
export function EmailChange() {
  const id = useId();
  const { supabase, user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!EMAIL.test(email)) return setError('Enter an e-mail address like name@example.com.');
    if (email.toLowerCase() === user?.email.toLowerCase()) return setError('That is already your e-mail address.');
    setError(null);
    setBusy(true);
    try {
      const { pending } = await changeEmail(supabase, email, `${window.location.origin}/settings`);
      setSentTo(pending ? email : null);
      if (!pending) setError(null);
    } catch (e) {
      const code = errorCode(e);
      setError(code === 'email_exists' ? 'Another account already uses that address.' : classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Change e-mail</h3>
      <p className="dossier-settings-hint">A link goes to the new address; your address changes when you open it.</p>
      <div className="dossier-field">
        <label htmlFor={`${id}-email`}>New e-mail address</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" inputMode="email" />
      </div>
      <FormError message={error} />
      {sentTo ? (
        <p role="status">
          We sent a link to {sentTo}. Your address changes when you open it.
        </p>
      ) : null}
      <button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Send confirmation link'}
      </button>
    </form>
  );
}
