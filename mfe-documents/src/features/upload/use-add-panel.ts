import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The phone's "Add documents" panel: a disclosure (button + panel), not a modal, so a dialog the
 * panel opens (the Drive import) stacks above it. It opens with focus on its first action, and
 * closes with Escape, its close button, or a tap outside it — returning focus to its button.
 */
export function useAddPanel() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = useCallback(({ focusTrigger = true }: { focusTrigger?: boolean } = {}) => {
    setOpen(false);
    if (focusTrigger) trigger.current?.focus();
  }, []);
  const toggle = useCallback(() => setOpen((value) => !value), []);

  useEffect(() => {
    if (!open) return undefined;
    panel.current?.querySelector<HTMLElement>('button:not([disabled]):not([aria-label="Close"])')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || panel.current?.contains(target) || trigger.current?.contains(target)) return;
      // A dialog the panel opened (its own layer) is not "outside".
      if (target.closest('[role="dialog"], [role="alertdialog"]')) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !open) return;
      event.stopPropagation();
      close();
    },
    [open, close],
  );

  return { open, toggle, close, trigger, panel, onKeyDown };
}
