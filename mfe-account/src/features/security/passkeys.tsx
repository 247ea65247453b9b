import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useToasts } from '@dossier/shared';
import {
  addPasskey,
  addPasskeySecondStep,
  classifyError,
  lastSeen,
  listPasskeys,
  passkeyErrorMessage,
  passkeyFactorId,
  passkeysSupported,
  removePasskey,
  renamePasskey,
  type Passkey,
} from '@dossier/shared/core';
import { Button, ConfirmDialog, RoomSkeleton, TextField, type Room } from '@dossier/shared/ui';
import { accountSecurityKeys, generateRecoveryCodes } from '../../api/account-security';
import { FormError } from '../../lib/form-error';
import { RecoveryCodes } from './two-step';

const passkeyKeys = { list: ['account', 'passkeys'] as const };

/** "No passkeys yet." (a new account): one line of hint text, its margins and size kept by the skeleton's 'hint' variant. */
export const PASSKEYS_ROOM: Room = { label: 'your passkeys', minHeight: { phone: '1.35rem', wide: '1.35rem' }, lines: 1 };

const dateOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

function failure(e: unknown): string {
  return passkeyErrorMessage(e, 'add') ?? (e instanceof Error && e.name === 'LastWayInError' ? e.message : classifyError(e).userMessage);
}

/** One passkey: its name (the device it was made on), when it was added and last used; rename, remove. */
function PasskeyRow({ passkey, onChanged, onError }: { passkey: Passkey; onChanged: () => void; onError: (message: string | null) => void }) {
  const { supabase } = useAuth();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const name = passkey.friendly_name || 'Passkey';

  const rename = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    if (!next) return onError('Give the passkey a name.');
    if (next.length > 120) return onError('Use at most 120 characters.');
    setBusy(true);
    onError(null);
    try {
      await renamePasskey(supabase, passkey.id, next);
      setRenaming(false);
      onChanged();
    } catch (e) {
      onError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="dossier-session dossier-passkey">
      {renaming ? (
        <form onSubmit={(e) => void rename(e)} className="dossier-passkey-rename" noValidate>
          <TextField label={`New name for ${name}`} name="name" defaultValue={name} maxLength={120} autoFocus required />
          <div className="dossier-actions">
            <Button type="submit" variant="primary" loading={busy}>
              Save
            </Button>
            <Button onClick={() => setRenaming(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div>
            <strong>{name}</strong>
            <br />
            <span className="dossier-settings-hint">
              Added {dateOf(passkey.created_at)} · {passkey.last_used_at ? `Last used ${lastSeen(passkey.last_used_at)}` : 'Not used yet'}
            </span>
          </div>
          <div className="dossier-actions">
            <Button onClick={() => setRenaming(true)} aria-label={`Rename ${name}`}>
              Rename
            </Button>
            <Button variant="danger" onClick={() => setRemoving(true)} aria-label={`Remove ${name}`}>
              Remove
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        destructive
        title={`Remove the passkey “${name}”?`}
        description="You will no longer be able to sign in with it. The passkey stays on the device until you delete it there too."
        confirmLabel="Remove passkey"
        onConfirm={async () => {
          onError(null);
          try {
            await removePasskey(supabase, passkey.id);
            onChanged();
          } catch (e) {
            onError(failure(e));
            setRemoving(false);
          }
        }}
      />
    </li>
  );
}

/** Settings → Security → Passkeys: sign in with Face ID, a fingerprint or a screen lock (issue 27). */
export function Passkeys() {
  const id = useId();
  const { supabase } = useAuth();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const supported = passkeysSupported();
  const passkeys = useQuery({ queryKey: passkeyKeys.list, queryFn: () => listPasskeys(supabase) });
  const secondStep = useQuery({ queryKey: [...accountSecurityKeys.factors, 'passkey'], queryFn: () => passkeyFactorId(supabase) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
    void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.factors });
    void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.recoveryCodesLeft });
  };

  const add = async () => {
    setBusy(true);
    setError(null);
    try {
      await addPasskey(supabase);
      toasts.stacked.add({ title: 'Passkey added. Next time, sign in with it instead of your password.', variant: 'success' });
      refresh();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const addSecondStep = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await supabase.auth.mfa.listFactors();
      const hadSecondStep = (data?.all ?? []).some((f) => f.status === 'verified');
      for (const f of data?.all ?? []) if (f.status !== 'verified' && f.factor_type === 'webauthn') await supabase.auth.mfa.unenroll({ factorId: f.id });
      await addPasskeySecondStep(supabase);
      // The first second step of the account: recovery codes, as with an authenticator app.
      if (!hadSecondStep) setCodes(await generateRecoveryCodes(supabase));
      toasts.stacked.add({ title: 'Two-step sign-in can now use this passkey.', variant: 'success' });
      refresh();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} id="passkeys">
      <h3 id={`${id}-title`}>Passkeys</h3>
      <p>Sign in with Face ID, a fingerprint or your device’s screen lock instead of your password. A passkey works only on Dossier, so it cannot be phished.</p>
      {passkeys.isPending ? <RoomSkeleton room={PASSKEYS_ROOM} variant="hint" /> : null}
      {passkeys.isError ? (
        <p role="alert" className="dossier-form-error">
          {classifyError(passkeys.error).userMessage}{' '}
          <Button size="sm" onClick={() => void passkeys.refetch()}>
            Try Again
          </Button>
        </p>
      ) : null}
      {passkeys.data && passkeys.data.length > 0 ? (
        <ul className="dossier-sessions" aria-label="Your passkeys">
          {passkeys.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} onChanged={refresh} onError={setError} />
          ))}
        </ul>
      ) : null}
      {passkeys.data && passkeys.data.length === 0 ? <p className="dossier-settings-hint">No passkeys yet.</p> : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {supported ? (
        <div className="dossier-actions">
          <Button variant="primary" onClick={() => void add()} loading={busy}>
            Add a passkey
          </Button>
          {/* A new account has no passkey second step: the button keeps its place (disabled) while that is checked. */}
          {secondStep.data === null || secondStep.isPending ? (
            <Button onClick={() => void addSecondStep()} disabled={busy || secondStep.isPending}>
              Use a passkey for two-step sign-in
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="dossier-settings-hint">This browser cannot create passkeys. Open Dossier in a current browser on your phone or computer to add one.</p>
      )}
      {secondStep.data ? <p className="dossier-settings-hint">Two-step sign-in accepts your passkey instead of a code.</p> : null}
      <FormError message={error} />
    </div>
  );
}
