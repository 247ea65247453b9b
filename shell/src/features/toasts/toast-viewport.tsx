import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOASTS } from '@dossier/shared/core';
import './toasts.css';

export const STACKED_TOASTER_ID = 'dossier-stacked';
export const SINGLE_TOASTER_ID = 'dossier-single';

const width = { '--width': `${TOASTS.widthPx}px` } as CSSProperties;

/**
 * Both toast viewports. Sonner's region is a labelled aria-live="polite" section, so screen
 * readers announce each toast without moving focus; alt+T jumps to it.
 */
export function ToastViewport() {
  return (
    <>
      <Toaster
        id={STACKED_TOASTER_ID}
        position="bottom-right"
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        gap={TOASTS.gapPx}
        style={width}
        closeButton
        containerAriaLabel="Notifications"
        toastOptions={{ closeButtonAriaLabel: 'Close notification' }}
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
        toastOptions={{ closeButtonAriaLabel: 'Close message' }}
      />
    </>
  );
}
