import { Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth } from '@dossier/shared';
import { CONSENT } from '@dossier/shared/core';
import { chooseConsent, claimConsent, consentNeeded, readConsent, subscribeToConsent, syncConsentWithAccount, type ConsentPreferences } from '@dossier/shared/core/consent';
import { AreaErrorBoundary, Button, retryableLazy } from '@dossier/shared/ui';
import { usePageSettled } from '../device';
import { ModalDialog } from './modal-dialog';

/**
 * Pages the dialog waits on: the legal pages, where the person reads the texts or makes the same
 * choices, and /auth, where a signed-in person is still finishing there — the offer to add a
 * passkey after signing up, a new password after a reset link — and goes on into the app right
 * after. The dialog covered the passkey offer, so a new account met two dialogs at once.
 */
const WAITING_PATHS = ['/privacy', '/terms', '/privacy-settings', '/auth'];

/**
 * The dialog and the legal texts it opens (~3 KB gzip) are fetched only for a person it may be
 * shown to (issue 24): most visits hold an answer already and never draw it.
 */
const ConsentDialog = retryableLazy(() => import('./consent-dialog').then((module) => module.ConsentDialog));

/** At the latest this long after start, a choice held on this device is checked against the account anyway. */
const CONSENT_RECHECK_WAIT_MS = 10_000;

/**
 * Shown while the person's choice leaves the Terms or the Privacy Policy unaccepted (declined, or
 * the dialog closed): the app is not usable as if they had accepted (issue 21 §7).
 */
function AgreementNeeded({ onReview, onSignOut }: { onReview(): void; onSignOut(): void }) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalDialog labelledBy={titleId} describedBy={descriptionId} onClose={() => undefined} className="dossier-consent-dialog">
      <h2 id={titleId}>Dossier needs your agreement</h2>
      <p id={descriptionId}>
        Dossier can keep your documents only when you accept its Terms of Service and Privacy Policy. Your optional choices stay as you set them.
      </p>
      <div className="dossier-dialog-actions">
        <Button onClick={onSignOut}>Sign out</Button>
        <Button variant="primary" onClick={onReview} data-autofocus>
          Review my choices
        </Button>
      </div>
    </ModalDialog>
  );
}

/**
 * SPEC §4/§6: asks a signed-in user for consent, 100 ms after sign-in (or page start), when the
 * account's choice (ADR 0260: the account is read first, so a new device asks only when the
 * account requires it) is missing, leaves Terms or Privacy unaccepted, or is over a year old.
 */
export function ConsentGate() {
  const { status, user, supabase, signOut } = useAuth();
  const { pathname } = useLocation();
  const userId = status === 'signed-in' ? (user?.id ?? null) : null;
  const [syncedFor, setSyncedFor] = useState<string | null>(null);
  const [record, setRecord] = useState<ConsentPreferences | null>(null);
  const [view, setView] = useState<'closed' | 'dialog' | 'blocked'>('closed');
  const onWaitingPage = WAITING_PATHS.includes(pathname);
  // A choice this device already holds, and that asks nothing of the person, is checked against
  // the account once the page is drawn (issue 24: the read was a request before the first row);
  // without one, or with one that needs an answer, the account is read at once.
  // (Read once a person: their own answer here must not start a second sync.)
  // An ownerless record is claimed by this person the moment their session is known, before any
  // read and before the deferred sync: signing out before the sync answers must not leave it for
  // the next person on this device (ADR 0484).
  const answeredHere = useMemo(() => {
    if (userId === null) return false;
    claimConsent(undefined, userId);
    return !consentNeeded(readConsent(undefined, userId));
  }, [userId]);
  const settled = usePageSettled({ when: userId !== null && answeredHere, maxWaitMs: CONSENT_RECHECK_WAIT_MS });
  // No answer on this device: the dialog is likely, so its code comes beside the account's read
  // and is in by the time SPEC §4's 100 ms have passed.
  useEffect(() => {
    if (userId !== null && !answeredHere) ConsentDialog.preload().catch(() => undefined);
  }, [userId, answeredHere]);

  // The account's choice first (offline: this device's copy of it); then every change, here or in another tab.
  useEffect(() => {
    if (!userId || (answeredHere && !settled)) return;
    let live = true;
    void syncConsentWithAccount(supabase, userId).then((synced) => {
      if (!live) return;
      setRecord(synced);
      setSyncedFor(userId);
    });
    const unsubscribe = subscribeToConsent(() => setRecord(readConsent(undefined, userId)));
    return () => {
      live = false;
      unsubscribe();
    };
  }, [supabase, userId, answeredHere, settled]);

  const needed = userId !== null && syncedFor === userId && consentNeeded(record);

  useEffect(() => {
    if (!needed) {
      setView('closed');
      return;
    }
    if (onWaitingPage || view !== 'closed') return;
    const timer = setTimeout(() => setView('dialog'), CONSENT.dialogDelayMs);
    return () => clearTimeout(timer);
  }, [needed, onWaitingPage, view]);

  if (!needed || !userId || view === 'closed') return null;
  if (onWaitingPage) return null;
  if (view === 'blocked') return <AgreementNeeded onReview={() => setView('dialog')} onSignOut={() => void signOut()} />;
  // Its code did not come (a failed download before the worker had it): say so, with Try Again.
  return (
    <AreaErrorBoundary detail="Your privacy choices could not be asked for.">
      <Suspense fallback={null}>
        <ConsentDialog
          initial={record}
          onChoose={(preferences) => {
            setRecord(preferences);
            void chooseConsent(supabase, userId, preferences);
            setView(consentNeeded(preferences) ? 'blocked' : 'closed');
          }}
          onClose={() => setView('blocked')}
          // Reading the full text is not a decision: ask again when the person leaves the legal pages.
          onViewFullPage={() => setView('closed')}
        />
      </Suspense>
    </AreaErrorBoundary>
  );
}
