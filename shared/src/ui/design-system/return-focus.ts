import { useRef } from 'react';

/**
 * Radix returns focus only to its own Trigger. Our overlays are often opened from code (a row's
 * click, a toolbar's Delete): remember what had focus when they opened and give it back on close,
 * or to `fallback()` when that element is gone (the deleted row).
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const previous = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const explicit = fallback?.();
      const target = explicit ?? (previous.current?.isConnected ? previous.current : null);
      previous.current = null;
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
  };
}
