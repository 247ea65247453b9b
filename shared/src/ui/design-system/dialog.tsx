import { useRef, useState, type ReactNode } from 'react';
import { AlertDialog, Dialog as DialogPrimitive } from 'radix-ui';
import { Button, IconButton } from './button';
import { CloseIcon } from './icons';
import { useReturnFocus } from './return-focus';

export type DialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (a Button); focus returns to it on close. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (right-aligned on desktop, full width on phones). */
  actions?: ReactNode;
  wide?: boolean;
  closeLabel?: string;
  /** Opens on mount when uncontrolled: a tap on the trigger before this code arrived (deferred-overlays.tsx). */
  defaultOpen?: boolean;
};

/**
 * A modal dialog (role dialog, focus trapped, Escape and the close button close it, focus returns).
 * On phones it is a bottom sheet.
 */
export function Dialog({ open, onOpenChange, trigger, title, description, children, actions, wide, closeLabel = 'Close', defaultOpen }: DialogProps) {
  const focus = useReturnFocus();
  return (
    <DialogPrimitive.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger ? <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger> : null}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ds-overlay" />
        <DialogPrimitive.Content
          className={wide ? 'ds-dialog ds-dialog--wide' : 'ds-dialog'}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(trigger ? {} : focus)}
        >
          <DialogPrimitive.Title className="ds-dialog__title">{title}</DialogPrimitive.Title>
          {description ? <DialogPrimitive.Description className="ds-dialog__description">{description}</DialogPrimitive.Description> : null}
          {children}
          {actions ? <div className="ds-dialog__actions">{actions}</div> : null}
          <DialogPrimitive.Close asChild>
            <IconButton className="ds-dialog__close" label={closeLabel} icon={<CloseIcon />} />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export type ConfirmOptions = {
  /** A question naming what happens: "Delete 3 documents?". */
  title: ReactNode;
  /** The consequence: "They move to the trash for 30 days." */
  description?: ReactNode;
  /** The verb on the button, never "OK": "Delete 3 documents". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive: the confirm button is red and Cancel holds the initial focus. */
  destructive?: boolean;
};

export type ConfirmDialogProps = ConfirmOptions & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs on confirm; while its promise is pending the button shows a spinner. Throwing keeps the dialog open. */
  onConfirm: () => void | Promise<void>;
  onCancel?: () => void;
};

/** The one confirmation dialog of the product (role alertdialog), replacing window.confirm. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Cancel', destructive = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const focus = useReturnFocus();
  const confirmButton = useRef<HTMLButtonElement>(null);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // The caller reports the failure (a toast); the dialog stays so the person can retry or cancel.
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (!next) onCancel?.();
        onOpenChange(next);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="ds-overlay" />
        <AlertDialog.Content className="ds-dialog" {...(description ? {} : { 'aria-describedby': undefined })} onOpenAutoFocus={(event) => {
            focus.onOpenAutoFocus();
            // Radix focuses Cancel first (right for destructive actions); otherwise the action takes it.
            if (!destructive) {
              event.preventDefault();
              confirmButton.current?.focus();
            }
          }}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <AlertDialog.Title className="ds-dialog__title">{title}</AlertDialog.Title>
          {description ? <AlertDialog.Description className="ds-dialog__description">{description}</AlertDialog.Description> : null}
          <div className="ds-dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={busy}>
                {cancelLabel}
              </Button>
            </AlertDialog.Cancel>
            <Button
              variant={destructive ? 'danger' : 'primary'}
              loading={busy}
              onClick={() => void confirm()}
              ref={confirmButton}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
