import { useEffect, useId, useRef } from 'react';

const MARKER = 'dsOverlay';

/**
 * The device's Back closes an open overlay instead of leaving the page: opening pushes a history
 * entry (same address, marked), Back pops it and closes; closing any other way removes the entry.
 */
export function useCloseOnBack(open: boolean, close: () => void, enabled = true) {
  const id = useId();
  const closeRef = useRef(close);
  closeRef.current = close;
  useEffect(() => {
    if (!open || !enabled || typeof window === 'undefined') return;
    const state = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.pushState({ ...state, [MARKER]: id }, '');
    let poppedByBack = false;
    const onPop = (event: PopStateEvent) => {
      const current = (event.state ?? {}) as Record<string, unknown>;
      if (current[MARKER] !== id) {
        poppedByBack = true;
        closeRef.current();
      }
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
      const current = (window.history.state ?? {}) as Record<string, unknown>;
      if (!poppedByBack && current[MARKER] === id) window.history.back();
    };
  }, [open, enabled, id]);
}
