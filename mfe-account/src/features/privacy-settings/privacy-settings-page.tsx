import { useEffect, useId, useState } from 'react';
import { useAuth, useToasts } from '@dossier/shared';
import { CONSENT_BUTTONS, formatDate } from '@dossier/shared/core';
import {
  DEFAULT_CONSENT_CHOICES,
  acceptAllConsent,
  acceptSelectedConsent,
  chooseConsent,
  clearConsent,
  forgetConsent,
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
import { Button, ConsentFields, Page } from '@dossier/shared/ui';
import '../legal/legal.css';
import './privacy-settings.css';



/** `/privacy-settings` (SPEC §2): the consent choices, changed with the same rules as the dialog, and both legal texts. */
export default function PrivacySettingsPage() {
  const id = useId();
  const toasts = useToasts();
  const { supabase, user } = useAuth();
  const userId = user?.id ?? null;
  const [stored, setStored] = useState<ConsentPreferences | null>(() => readConsent(undefined, userId));
  const [choices, setChoices] = useState<ConsentChoices>(() => pickChoices(stored ?? DEFAULT_CONSENT_CHOICES));
  const [error, setError] = useState<string | null>(null);

  // Follow changes made elsewhere (the dialog, another tab).
  useEffect(
    () =>
      subscribeToConsent(() => {
        const preferences = readConsent(undefined, userId);
        setStored(preferences);
        setChoices(pickChoices(preferences ?? DEFAULT_CONSENT_CHOICES));
      }),
    [userId],
  );

  const save = (preferences: ConsentPreferences) => {
    setError(null);
    // The choice belongs to the account (ADR 0260): every device the person signs in on follows it.
    if (userId) void chooseConsent(supabase, userId, preferences);
    else saveConsent(preferences);
    toasts.stacked.add({ title: 'Privacy choices saved', variant: 'success' });
  };
  const saveSelected = () => {
    const result = acceptSelectedConsent(choices);
    if (result.ok) save(result.preferences);
    else setError(result.error);
  };
  const toggle = (key: keyof ConsentChoices, checked: boolean) => setChoices((current) => ({ ...current, [key]: checked }));

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
        <ConsentFields choices={choices} onChange={toggle} error={error} />
        <div className="dossier-privacy-actions">
          <Button type="submit" variant="primary">
            Save choices
          </Button>
          <Button onClick={() => save(acceptAllConsent())}>{CONSENT_BUTTONS.acceptAll}</Button>
          <Button onClick={() => save(declineAllConsent())}>{CONSENT_BUTTONS.declineAll}</Button>
          <Button
            variant="ghost"
            onClick={() => {
              const cleared = () => toasts.stacked.add({ title: 'Your choices were cleared. We will ask again.', variant: 'info' });
              if (!userId) {
                clearConsent();
                cleared();
                return;
              }
              // Cleared on the account too (ADR 0260), or every device would bring the old choice back.
              forgetConsent(supabase).then(cleared, () =>
                toasts.stacked.add({ title: 'Your choices could not be cleared on your account. Try again when you are online.', variant: 'error' }),
              );
            }}
          >
            Clear my choices
          </Button>
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
