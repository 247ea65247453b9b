import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '@dossier/shared';
import { CONSENT } from '@dossier/shared/core';
import { CONSENT_CLEARED_EVENT, readConsent, shouldAskForConsent } from '@dossier/shared/core/consent';
import { ConsentDialog } from './consent-dialog';

/** Pages where the person reads the texts or makes the same choices; the dialog would cover them. */
const LEGAL_PATHS = ['/privacy', '/terms', '/privacy-settings'];

/**
 * SPEC §4/§6: asks a signed-in user for consent, 100 ms after sign-in (or page start), when no
 * valid record exists, Terms or Privacy were not accepted, or the record is over a year old.
 * Once answered or closed it stays closed for this page's life; a cleared record asks again.
 */
export function ConsentGate() {
  const { status, user } = useAuth();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [settled, setSettled] = useState<string | null>(null);
  const onLegalPage = LEGAL_PATHS.includes(pathname);
  const userId = user?.id ?? null;

  useEffect(() => {
    const onCleared = () => setSettled(null);
    window.addEventListener(CONSENT_CLEARED_EVENT, onCleared);
    return () => window.removeEventListener(CONSENT_CLEARED_EVENT, onCleared);
  }, []);

  useEffect(() => {
    if (onLegalPage || settled === userId || !shouldAskForConsent(status, readConsent())) {
      setOpen(false);
      return;
    }
    const timer = setTimeout(() => setOpen(true), CONSENT.dialogDelayMs);
    return () => clearTimeout(timer);
  }, [status, userId, settled, onLegalPage]);

  if (!open) return null;
  return (
    <ConsentDialog
      initial={readConsent()}
      onDone={() => setSettled(userId)}
      onClose={() => setSettled(userId)}
      // Reading the full text is not a decision: ask again when the person leaves the legal pages.
      onViewFullPage={() => setOpen(false)}
    />
  );
}
