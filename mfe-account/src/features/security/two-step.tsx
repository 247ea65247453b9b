import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth, useToasts } from '@dossier/shared';
import { classifyError } from '@dossier/shared/core';
import { RoomSkeleton, type Room } from '@dossier/shared/ui';
import { accountSecurityKeys, generateRecoveryCodes, recoveryCodesLeft } from '../../api/account-security';
import { FormError, errorCode } from '../../lib/form-error';

interface Enrolment {
  factorId: string;
  qrCode: string;
  secret: string;
}

/** Two-step sign-in off (a new account: a paragraph and its button), measured at 390×844 and 1440×900; it drew 132 px taller than "Loading..." on a phone. */
export const TWO_STEP_ROOM: Room = { label: 'two-step sign-in', minHeight: { phone: '10.25rem', wide: '7.25rem' }, lines: 2 };

/**
 * supabase-js hands the QR code over as `data:image/svg+xml;utf-8,<svg …>` with the SVG unescaped;
 * a `#` in it (colours) would end the URL, so the SVG is percent-encoded for the <img>.
 */
export function svgDataUrl(qrCode: string): string {
  const svg = qrCode.slice(qrCode.indexOf('<'));
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Recovery codes, shown once: copy or download, then confirm they are kept somewhere safe. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const id = useId();
  const text = `Dossier recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  return (
    <div role="group" aria-labelledby={`${id}-title`} className="dossier-recovery">
      <h4 id={`${id}-title`}>Your recovery codes</h4>
      <p>
        If you lose your phone, one of these codes lets you in instead of the authenticator code. Each works once. Keep them somewhere safe: they are not shown again.
      </p>
      <ol className="dossier-recovery-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="dossier-actions">
        <button type="button" onClick={() => void navigator.clipboard?.writeText(text)}>
          Copy
        </button>
        <a href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="dossier-recovery-codes.txt" className="dossier-button-link">
          Download
        </a>
        <button type="button" onClick={onDone}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

/** Two-step sign-in with an authenticator app (TOTP) through supabase-js's auth.mfa API. */
export function TwoStepSignIn() {
  const id = useId();
  const { supabase } = useAuth();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const factors = useQuery({
    queryKey: accountSecurityKeys.factors,
    queryFn: async () => {
      const { data, error } = await supabase.auth.mfa.listFactors();
      if (error) throw error;
      return data;
    },
  });
  const verified = factors.data?.totp ?? [];
  const codesLeft = useQuery({
    queryKey: accountSecurityKeys.recoveryCodesLeft,
    queryFn: () => recoveryCodesLeft(supabase),
    enabled: verified.length > 0,
  });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.factors });
    void queryClient.invalidateQueries({ queryKey: accountSecurityKeys.recoveryCodesLeft });
  };

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      // An enrolment left half-way (never verified) is replaced.
      for (const f of factors.data?.all ?? []) if (f.status !== 'verified') await supabase.auth.mfa.unenroll({ factorId: f.id });
      const { data, error: e } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Authenticator ${new Date().toISOString().slice(0, 10)}`, issuer: 'Dossier' });
      if (e) throw e;
      setEnrolment({ factorId: data.id, qrCode: svgDataUrl(data.totp.qr_code), secret: data.totp.secret });
    } catch (e) {
      setError(classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!enrolment) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) return setError('Enter the 6-digit code from your authenticator app.');
    setBusy(true);
    setError(null);
    try {
      const { error: e } = await supabase.auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code });
      if (e) throw e;
      setEnrolment(null);
      setCodes(await generateRecoveryCodes(supabase));
      refresh();
    } catch (e) {
      const c = errorCode(e);
      setError(c === 'mfa_verification_failed' || c === 'mfa_challenge_expired' ? 'That code is not right. Enter the code your app shows now.' : classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  const newCodes = async () => {
    setBusy(true);
    setError(null);
    try {
      setCodes(await generateRecoveryCodes(supabase));
      refresh();
    } catch (e) {
      setError(classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    setError(null);
    try {
      for (const f of factors.data?.all ?? []) {
        const { error: e } = await supabase.auth.mfa.unenroll({ factorId: f.id });
        if (e) throw e;
      }
      await supabase.auth.refreshSession();
      setConfirmOff(false);
      toasts.stacked.add({ title: 'Two-step sign-in is off', variant: 'success' });
      refresh();
    } catch (e) {
      setError(classifyError(e).userMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="group" aria-labelledby={`${id}-title`} id="two-step">
      <h3 id={`${id}-title`}>Two-step sign-in</h3>
      {factors.isPending ? <RoomSkeleton room={TWO_STEP_ROOM} /> : null}
      {factors.isError ? (
        <p role="alert" className="dossier-form-error">
          {classifyError(factors.error).userMessage}
        </p>
      ) : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => setCodes(null)} /> : null}
      {!codes && factors.data && verified.length === 0 && !enrolment ? (
        <>
          <p>Ask for a code from an authenticator app on your phone each time you sign in, so a stolen password alone does not open your documents.</p>
          <button type="button" onClick={() => void start()} disabled={busy}>
            Turn on two-step sign-in
          </button>
        </>
      ) : null}
      {enrolment ? (
        <form onSubmit={(e) => void verify(e)} noValidate className="dossier-enrol">
          <p>1. Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…).</p>
          <img src={enrolment.qrCode} alt="QR code to add Dossier to your authenticator app" width={200} height={200} className="dossier-qr" />
          <p>
            Or type this key: <code className="dossier-secret">{enrolment.secret}</code>
          </p>
          <div className="dossier-field">
            <label htmlFor={`${id}-code`}>2. Enter the 6-digit code it shows</label>
            <input id={`${id}-code`} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} pattern="[0-9 ]*" />
          </div>
          <div className="dossier-actions">
            <button type="submit" disabled={busy}>
              {busy ? 'Checking...' : 'Turn on'}
            </button>
            <button type="button" onClick={() => setEnrolment(null)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {!codes && verified.length > 0 ? (
        <>
          <p>
            <strong>On.</strong> Signing in asks for a code from your authenticator app.
            {codesLeft.data !== undefined ? ` Recovery codes left: ${codesLeft.data}.` : ''}
          </p>
          <div className="dossier-actions">
            <button type="button" onClick={() => void newCodes()} disabled={busy}>
              New recovery codes
            </button>
            <button type="button" onClick={() => setConfirmOff(true)} disabled={busy}>
              Turn off
            </button>
          </div>
          {confirmOff ? (
            <div role="alertdialog" aria-labelledby={`${id}-off`} className="dossier-confirm">
              <p id={`${id}-off`}>Turn off two-step sign-in? Your password alone will then open your account.</p>
              <div className="dossier-actions">
                <button type="button" onClick={() => void turnOff()} disabled={busy} className="dossier-danger">
                  Turn off
                </button>
                <button type="button" onClick={() => setConfirmOff(false)} autoFocus>
                  Keep it on
                </button>
              </div>
            </div>
          ) : null}
        </>
      ) : null}
      <FormError message={error} />
    </div>
  );
}
