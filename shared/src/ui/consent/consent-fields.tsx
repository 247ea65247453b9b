import { useId, type ChangeEvent, type ReactNode } from 'react';
import { CONSENT_PURPOSES, ESSENTIAL_PURPOSE, type ConsentChoices } from '@dossier/shared/core/consent';

export type LegalTextKey = 'terms' | 'privacy';

export interface ConsentFieldsProps {
  choices: ConsentChoices;
  onChange(key: keyof ConsentChoices, checked: boolean): void;
  /** The 'accept both' error (SPEC §5): marks the two boxes invalid and points them at the message. */
  error?: string | null;
  /** Something beside each acceptance box, e.g. a button opening that text in a dialog. */
  legalAction?(which: LegalTextKey): ReactNode;
}

/**
 * The consent choices (SPEC §3/§5), shared by the shell's consent dialog and the account's
 * Privacy Settings page: essential always on, each optional purpose with its description, and
 * the two acceptances. The caller owns the buttons and what saving means.
 */
export function ConsentFields({ choices, onChange, error, legalAction }: ConsentFieldsProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const set = (key: keyof ConsentChoices) => (event: ChangeEvent<HTMLInputElement>) => onChange(key, event.target.checked);
  const acceptance = (key: 'termsAccepted' | 'privacyAccepted', label: string, which: LegalTextKey) => (
    <div className="ds-consent-option">
      <input
        type="checkbox"
        id={`${id}-${key}`}
        checked={choices[key]}
        onChange={set(key)}
        aria-invalid={error ? !choices[key] : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {legalAction ? <div className="ds-consent-option__extra">{legalAction(which)}</div> : null}
    </div>
  );
  return (
    <>
      <fieldset className="ds-consent-group">
        <legend>What Dossier may use</legend>
        <div className="ds-consent-option">
          <input type="checkbox" id={`${id}-essential`} checked disabled aria-describedby={`${id}-essential-note`} />
          <label htmlFor={`${id}-essential`}>{ESSENTIAL_PURPOSE.label}</label>
          <p id={`${id}-essential-note`} className="ds-consent-option__extra">
            {ESSENTIAL_PURPOSE.description}
          </p>
        </div>
        {CONSENT_PURPOSES.map((purpose) => (
          <div className="ds-consent-option" key={purpose.key}>
            <input type="checkbox" id={`${id}-${purpose.key}`} checked={choices[purpose.key]} onChange={set(purpose.key)} aria-describedby={`${id}-${purpose.key}-note`} />
            <label htmlFor={`${id}-${purpose.key}`}>{purpose.label}</label>
            <p id={`${id}-${purpose.key}-note`} className="ds-consent-option__extra">
              {purpose.description}
            </p>
          </div>
        ))}
      </fieldset>
      <fieldset className="ds-consent-group">
        <legend>Terms and privacy</legend>
        {acceptance('termsAccepted', 'I accept the Terms of Service', 'terms')}
        {acceptance('privacyAccepted', 'I accept the Privacy Policy', 'privacy')}
      </fieldset>
      {error ? (
        <p role="alert" id={errorId} className="ds-field__error ds-consent-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
