import { useId, useState } from 'react';
import { CONSENT_BUTTONS } from '@dossier/shared/core';
import {
  DEFAULT_CONSENT_CHOICES,
  acceptAllConsent,
  acceptSelectedConsent,
  declineAllConsent,
  pickChoices,
  type ConsentChoices,
  type ConsentPreferences,
} from '@dossier/shared/core/consent';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '@dossier/shared/core/legal';
import { ConsentFields } from '@dossier/shared/ui';
import { LegalDialog } from './legal-dialog';
import { ModalDialog } from './modal-dialog';


/**
 * SPEC §4 consent dialog: essential storage always on; the optional purposes off until ticked;
 * Terms and Privacy must both be accepted for 'Accept Selected'. `onChoose` gets the record to
 * store (the gate keeps it on the device and the account).
 */
export function ConsentDialog({ initial, onChoose, onClose, onViewFullPage }: { initial?: ConsentPreferences | null; onChoose(preferences: ConsentPreferences): void; onClose(): void; onViewFullPage(): void }) {
  const titleId = useId();
  const descriptionId = useId();
  const [choices, setChoices] = useState<ConsentChoices>(() => (initial ? pickChoices(initial) : { ...DEFAULT_CONSENT_CHOICES }));
  const [error, setError] = useState<string | null>(null);
  const [legal, setLegal] = useState<'privacy' | 'terms' | null>(null);

  const set = (key: keyof ConsentChoices, checked: boolean) => {
    setChoices((current) => ({ ...current, [key]: checked }));
    if (error && (key === 'termsAccepted' || key === 'privacyAccepted')) setError(null);
  };
  const finish = (preferences: ConsentPreferences) => onChoose(preferences);
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
        <ConsentFields
          choices={choices}
          onChange={set}
          error={error}
          legalAction={(which) => (
            <button type="button" className="dossier-link-button" onClick={() => setLegal(which)}>
              {which === 'terms' ? 'Read the Terms of Service' : 'Read the Privacy Policy'}
            </button>
          )}
        />
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
