import { useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { PHONE_QUERY, useMediaQuery } from '@dossier/shared/ui';
import { afterIdle, TOASTS } from '@dossier/shared/core';
import { toastClassNames, toasterStyle } from '@dossier/shared/ui';
import { usePageSettled } from '../device';
import { useReleaseStuckToasts } from './release-stuck-toasts';
import { earlyToastAnnouncement, loadSonner, loadedSonner, onEarlyToastAnnouncement, onSonnerLoaded, type SonnerModule } from './sonner-module';
import './toasts.css';

export const STACKED_TOASTER_ID = 'dossier-stacked';
export const SINGLE_TOASTER_ID = 'dossier-single';

const width = { ...toasterStyle, '--width': `${TOASTS.widthPx}px` } as CSSProperties;

/**
 * Issue #9: the stacked toasts covered the open document's "Add tag". They sit bottom-left (the
 * document sheet and the page's actions are on the right), above the phone's tab bar.
 */
const STACKED_OFFSET = { bottom: 'calc(var(--dossier-tabbar-height, 0px) + var(--ds-safe-bottom, 0px) + 16px)', left: 16, right: 16 };

/** Fields a phone's keyboard opens for: while one has focus, the foot of the screen is the keyboard's. */
const TEXT_ENTRY = 'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]):not([type="submit"]):not([type="file"]), textarea, [contenteditable="true"]';

/** True while a text field has focus. */
export function useTyping(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    const update = () => setTyping(document.activeElement instanceof Element && document.activeElement.matches(TEXT_ENTRY));
    // After focusout, activeElement is the next field (or body) only once the move is done.
    const later = () => setTimeout(update, 0);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', later);
    update();
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', later);
    };
  }, []);
  return typing;
}

const TYPING_OFFSET = { top: 'calc(var(--ds-safe-top, 0px) + 16px)', left: 16, right: 16 };

/** How long the toasts' renderer waits for the opened page to be drawn before it is fetched anyway. */
const SONNER_WAIT_MS = 8_000;
/** …and then for an idle moment (the first rows' own rendering comes first). */
const SONNER_IDLE_MS = 2_000;

/**
 * sonner once it has arrived: asked for when the opened page is drawn and the browser is idle
 * (issue 24, ADR 0487), so the live regions are on the page shortly after the first rows, not in
 * their way. A toast asked for sooner fetches it itself (sonner-module.ts).
 */
export function useSonnerAfterFirstPaint(): SonnerModule | null {
  const settled = usePageSettled({ maxWaitMs: SONNER_WAIT_MS });
  const sonner = useSyncExternalStore(onSonnerLoaded, loadedSonner);
  useEffect(() => {
    if (!settled) return;
    return afterIdle(() => void loadSonner().catch(() => undefined), SONNER_IDLE_MS);
  }, [settled]);
  return sonner;
}

/**
 * Both toast viewports. On a phone while a text field has focus the stacked toasts move to the top:
 * the keyboard and the field being typed in are at the foot (issue 22: a toast covered the tag field). Sonner's region is a labelled aria-live="polite" section, so screen
 * readers announce each toast without moving focus; alt+T jumps to it. Drawn once sonner has
 * arrived (useSonnerAfterFirstPaint); until then a polite region of its own announces a toast
 * asked for sooner.
 */
export function ToastViewport() {
  const sonner = useSonnerAfterFirstPaint();
  const early = useSyncExternalStore(onEarlyToastAnnouncement, earlyToastAnnouncement);
  const typing = useTyping();
  useReleaseStuckToasts();
  const phone = useMediaQuery(PHONE_QUERY);
  const typingOnPhone = typing && phone;
  const offset = typingOnPhone ? TYPING_OFFSET : STACKED_OFFSET;
  // On the page from the first render, so a toast asked for before sonner arrives is announced.
  const earlyRegion = (
    <div role="status" aria-live="polite" className="ds-visually-hidden" data-testid="early-toast-announcer">
      {early}
    </div>
  );
  if (!sonner) return earlyRegion;
  const { Toaster } = sonner;
  return (
    <>
      {earlyRegion}
      <Toaster
        id={STACKED_TOASTER_ID}
        position={typingOnPhone ? 'top-center' : 'bottom-left'}
        offset={offset}
        mobileOffset={offset}
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        gap={TOASTS.gapPx}
        style={width}
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{ closeButtonAriaLabel: 'Close notification', classNames: toastClassNames }}
      />
      <Toaster
        id={SINGLE_TOASTER_ID}
        position="top-center"
        visibleToasts={1}
        duration={TOASTS.durationMs}
        gap={TOASTS.gapPx}
        style={width}
        closeButton
        containerAriaLabel="Messages"
        toastOptions={{ closeButtonAriaLabel: 'Close message', classNames: toastClassNames }}
      />
    </>
  );
}
