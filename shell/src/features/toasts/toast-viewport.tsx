import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { TOASTS } from '@dossier/shared/core';
import { toastClassNames, toasterStyle } from '@dossier/shared/ui';
import './toasts.css';

export const STACKED_TOASTER_ID = 'dossier-stacked';
export const SINGLE_TOASTER_ID = 'dossier-single';

const width = { ...toasterStyle, '--width': `${TOASTS.widthPx}px` } as CSSProperties;

/**
 * Issue #9: the stacked toasts covered the open document's "Add tag". They sit bottom-left (the
 * document sheet and the page's actions are on the right), above the phone's tab bar.
 */
const STACKED_OFFSET = { bottom: 'calc(var(--dossier-tabbar-height, 0px) + var(--ds-safe-bottom, 0px) + 16px)', left: 16, right: 16 };

/**
 * Both toast viewports. Sonner's region is a labelled aria-live="polite" section, so screen
 * readers announce each toast without moving focus; alt+T jumps to it.
 */
export function ToastViewport() {
  return (
    <>
      <Toaster
        id={STACKED_TOASTER_ID}
        position="bottom-left"
        offset={STACKED_OFFSET}
        mobileOffset={STACKED_OFFSET}
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
