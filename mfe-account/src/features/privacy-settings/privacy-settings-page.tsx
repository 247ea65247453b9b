import { useEffect, useId, useState } from 'react';
import { useToasts } from '@dossier/shared';
import { CONSENT_BUTTONS, formatDate } from '@dossier/shared/core';
import {
  CONSENT_PURPOSES,
  ESSENTIAL_PURPOSE,
  DEFAULT_CONSENT_CHOICES,
  acceptAllConsent,
  acceptSelectedConsent,
  clearConsent,
  consentNeeded,
  declineAllConsent,
  pickChoices,
  readConsent,
  saveConsent,
  subscribeToConsent,
  type ConsentChoices,
  type ConsentPreferences,
} from '@dossier/shared/core/consent';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '@dossier/shared/core/legal';
import { LegalDocument } from '@dossier/shared/ui/legal';
import { Page } from '@dossier/shared/ui';
import '../legal/legal.css';
import './privacy-settings.css';



/** `/privacy-settings` (SPEC §2): the consent choices, changed with the same rules as the dialog, and both legal texts. */
export default function PrivacySettingsPage() {
  const id = useId();
  const toasts = useToasts();
  const [stored, setStored] = useState<ConsentPreferences | null>(() => readConsent());
  const [choices, setChoices] = useState<ConsentChoices>(() => pickChoices(stored ?? DEFAULT_CONSENT_CHOICES));
  const [error, setError] = useState<string | null>(null);

  // Follow changes made elsewhere (the dialog, another tab).
  useEffect(
    () =>
      subscribeToConsent((preferences) => {
        setStored(preferences);
        setChoices(pickChoices(preferences ?? DEFAULT_CONSENT_CHOICES));
      }),
    [],
  );

  const save = (preferences: ConsentPreferences) => {
    setError(null);
    saveConsent(preferences);
    toasts.stacked.add({ title: 'Privacy choices saved', variant: 'success' });
  };
  const saveSelected = () => {
    const result = acceptSelectedConsent(choices);
    if (result.ok) save(result.preferences);
    else setError(result.error);
  };
  const toggle = (key: keyof ConsentChoices) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const checked = event.target.checked;
    setChoices((current) => ({ ...current, [key]: checked }));
  };
  const checkbox = (key: keyof ConsentChoices, label: string, description?: string) => (
    <div className="dossier-consent-option" key={key}>
      <input
        type="checkbox"
        id={`${id}-${key}`}
        checked={choices[key]}
        onChange={toggle(key)}
        aria-describedby={description ? `${id}-${key}-note` : undefined}
        aria-invalid={error && (key === 'termsAccepted' || key === 'privacyAccepted') ? !choices[key] : undefined}
      />
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {description ? <p id={`${id}-${key}-note`}>{description}</p> : null}
    </div>
  );

  return (
    <Page title="Privacy Settings" description="Choose what Dossier may use your data for. You can change these choices at any time.">
      <section aria-labelledby={`${id}-status`} className="dossier-consent-status">
        <h2 id={`${id}-status`}>Your current choices</h2>
        <p>
          {stored
            ? `Saved on ${formatDate(stored.timestamp, 'long')}.${consentNeeded(stored) ? ' Please accept the Terms of Service and the Privacy Policy to keep using Dossier.' : ''}`
            : 'You have not made your choices yet.'}
        </p>
      </section>
      <form
        className="dossier-privacy-form"
        onSubmit={(event) => {
          event.preventDefault();
          saveSelected();
        }}
      >
        <fieldset>
          <legend>What Dossier may use</legend>
          <div className="dossier-consent-option">
            <input type="checkbox" id={`${id}-essential`} checked disabled aria-describedby={`${id}-essential-note`} />
            <label htmlFor={`${id}-essential`}>{ESSENTIAL_PURPOSE.label}</label>
            <p id={`${id}-essential-note`}>{ESSENTIAL_PURPOSE.description}</p>
          </div>
          {CONSENT_PURPOSES.map((purpose) => checkbox(purpose.key, purpose.label, purpose.description))}
        </fieldset>
        <fieldset>
          <legend>Terms and privacy</legend>
          {checkbox('termsAccepted', 'I accept the Terms of Service')}
          {checkbox('privacyAccepted', 'I accept the Privacy Policy')}
        </fieldset>
        {error ? (
          <p role="alert" className="dossier-form-error">
            {error}
          </p>
        ) : null}
        <div className="dossier-privacy-actions">
          <button type="submit" className="dossier-primary">
            Save choices
          </button>
          <button type="button" onClick={() => save(acceptAllConsent())}>
            {CONSENT_BUTTONS.acceptAll}
          </button>
          <button type="button" onClick={() => save(declineAllConsent())}>
            {CONSENT_BUTTONS.declineAll}
          </button>
          <button
            type="button"
            onClick={() => {
              clearConsent();
              toasts.stacked.add({ title: 'Your choices were cleared. We will ask again.', variant: 'info' });
            }}
          >
            Clear my choices
          </button>
        </div>
      </form>
      <section aria-labelledby={`${id}-texts`} className="dossier-privacy-texts">
        <h2 id={`${id}-texts`}>The texts you agree to</h2>
        {[PRIVACY_POLICY, TERMS_OF_SERVICE].map((text) => (
          <details key={text.id}>
            <summary>{text.title}</summary>
            <LegalDocument text={text} level={3} />
          </details>
        ))}
      </section>
    </Page>
  );
}
