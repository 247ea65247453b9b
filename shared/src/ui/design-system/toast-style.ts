import type { CSSProperties } from 'react';

/**
 * The design system's look for sonner's <Toaster>: pass as `style` (sonner's own stylesheet is
 * unlayered and would win over any class), and `toastOptions.classNames.description` as below.
 */
export const toasterStyle = {
  '--normal-bg': 'var(--ds-color-surface-raised)',
  '--normal-text': 'var(--ds-color-text)',
  '--normal-border': 'var(--ds-color-border)',
  '--error-bg': 'var(--ds-color-danger-soft)',
  '--error-text': 'var(--ds-color-danger)',
  '--error-border': 'var(--ds-color-danger)',
  '--success-bg': 'var(--ds-color-success-soft)',
  '--success-text': 'var(--ds-color-success)',
  '--success-border': 'var(--ds-color-success)',
  '--border-radius': 'var(--ds-radius-md)',
  fontFamily: 'var(--ds-font-family)',
} as CSSProperties;

export const toastClassNames = { description: 'ds-toast-description' } as const;
