import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (the
 * focus trap), Escape raises `cancel`, and the top layer stacks a dialog opened from a dialog.
 * Where showModal is missing (old browsers, jsdom) it falls back to an open dialog that keeps
 * Tab inside itself and closes on Escape. Focus returns to where it was on close.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  className,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onClose(): void;
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnFocusTo = document.activeElement as HTMLElement | null;
    const native = typeof dialog.showModal === 'function';
    if (native) {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();

    const onCancel = (event: Event) => {
      event.preventDefault(); // React owns whether the dialog is shown
      onCloseRef.current();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !native) {
        event.stopPropagation();
        onCloseRef.current();
      }
      if (event.key !== 'Tab' || native) return;
      const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusable.length === 0) return;
      const [firstItem, lastItem] = [focusable[0], focusable[focusable.length - 1]];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      if (native && dialog.open) dialog.close();
      returnFocusTo?.focus?.();
    };
  }, []);

  return (
    <dialog ref={ref} aria-modal="true" aria-labelledby={labelledBy} aria-describedby={describedBy} className={className ? `dossier-dialog ${className}` : 'dossier-dialog'}>
      {children}
    </dialog>
  );
}
