import { useId, useState } from 'react';
import { CONSENT_BUTTONS } from '@dossier/shared/core';
import {
  CONSENT_PURPOSES,
  ESSENTIAL_PURPOSE,
  DEFAULT_CONSENT_CHOICES,
  acceptAllConsent,
  acceptSelectedConsent,
  declineAllConsent,
  pickChoices,
  saveConsent,
  type ConsentChoices,
  type ConsentPreferences,
} from '@dossier/shared/core/consent';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '@dossier/shared/core/legal';
import { LegalDialog } from './legal-dialog';
import { ModalDialog } from './modal-dialog';


/**
 * SPEC §4 consent dialog: essential storage always on; the optional purposes off until ticked;
 * Terms and Privacy must both be accepted for 'Accept Selected'. `onDone` gets the saved record.
 */
export function ConsentDialog({ initial, onDone, onClose, onViewFullPage }: { initial?: ConsentPreferences | null; onDone(preferences: ConsentPreferences): void; onClose(): void; onViewFullPage(): void }) {
  const titleId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const [choices, setChoices] = useState<ConsentChoices>(() => (initial ? pickChoices(initial) : { ...DEFAULT_CONSENT_CHOICES }));
  const [error, setError] = useState<string | null>(null);
  const [legal, setLegal] = useState<'privacy' | 'terms' | null>(null);

  const set = (key: keyof ConsentChoices) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const checked = event.target.checked;
    setChoices((current) => ({ ...current, [key]: checked }));
    if (error && (key === 'termsAccepted' || key === 'privacyAccepted')) setError(null);
  };
  const finish = (preferences: ConsentPreferences) => {
    saveConsent(preferences);
    onDone(preferences);
  };
  const acceptSelected = () => {
    const result = acceptSelectedConsent(choices);
    if (result.ok) finish(result.preferences);
    else setError(result.error);
  };
  const viewFullPage = () => {
    setLegal(null);
    onViewFullPage();
  };

  return (
    <ModalDialog labelledBy={titleId} describedBy={descriptionId} onClose={onClose} className="dossier-consent-dialog">
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          acceptSelected();
        }}
      >
        <h2 id={titleId}>Your privacy choices</h2>
        <p id={descriptionId}>
          Dossier keeps your most important documents, so we ask before we use your data for anything beyond running the service. You can change
          these choices at any time in Privacy Settings.
        </p>
        <fieldset>
          <legend>What Dossier may use</legend>
          <div className="dossier-consent-option">
            <input type="checkbox" id={`${titleId}-essential`} checked disabled aria-describedby={`${titleId}-essential-note`} />
            <label htmlFor={`${titleId}-essential`}>{ESSENTIAL_PURPOSE.label}</label>
            <p id={`${titleId}-essential-note`}>{ESSENTIAL_PURPOSE.description}</p>
          </div>
          {CONSENT_PURPOSES.map((purpose) => (
            <div className="dossier-consent-option" key={purpose.key}>
              <input type="checkbox" id={`${titleId}-${purpose.key}`} checked={choices[purpose.key]} onChange={set(purpose.key)} aria-describedby={`${titleId}-${purpose.key}-note`} />
              <label htmlFor={`${titleId}-${purpose.key}`}>{purpose.label}</label>
              <p id={`${titleId}-${purpose.key}-note`}>{purpose.description}</p>
            </div>
          ))}
        </fieldset>
        <fieldset>
          <legend>Terms and privacy</legend>
          <div className="dossier-consent-option">
            <input type="checkbox" id={`${titleId}-terms`} checked={choices.termsAccepted} onChange={set('termsAccepted')} aria-invalid={error ? !choices.termsAccepted : undefined} aria-describedby={error ? errorId : undefined} />
            <label htmlFor={`${titleId}-terms`}>I accept the Terms of Service</label>
            <button type="button" className="dossier-link-button" onClick={() => setLegal('terms')}>
              Read the Terms of Service
            </button>
          </div>
          <div className="dossier-consent-option">
            <input type="checkbox" id={`${titleId}-privacy`} checked={choices.privacyAccepted} onChange={set('privacyAccepted')} aria-invalid={error ? !choices.privacyAccepted : undefined} aria-describedby={error ? errorId : undefined} />
            <label htmlFor={`${titleId}-privacy`}>I accept the Privacy Policy</label>
            <button type="button" className="dossier-link-button" onClick={() => setLegal('privacy')}>
              Read the Privacy Policy
            </button>
          </div>
        </fieldset>
        {error ? (
          <p role="alert" id={errorId} className="dossier-form-error">
            {error}
          </p>
        ) : null}
        <div className="dossier-dialog-actions">
          <button type="button" onClick={() => finish(declineAllConsent())}>
            {CONSENT_BUTTONS.declineAll}
          </button>
          <button type="submit">{CONSENT_BUTTONS.acceptSelected}</button>
          <button type="button" className="dossier-primary" onClick={() => finish(acceptAllConsent())}>
            {CONSENT_BUTTONS.acceptAll}
          </button>
        </div>
      </form>
      {legal ? (
        <LegalDialog
          text={legal === 'privacy' ? PRIVACY_POLICY : TERMS_OF_SERVICE}
          fullPagePath={legal === 'privacy' ? '/privacy' : '/terms'}
          onClose={() => setLegal(null)}
          onViewFullPage={viewFullPage}
        />
      ) : null}
    </ModalDialog>
  );
}
