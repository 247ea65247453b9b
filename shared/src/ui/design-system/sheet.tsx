import type { ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { IconButton } from './button';
import { BackIcon, CloseIcon } from './icons';
import { useCloseOnBack } from './close-on-back';
import { useReturnFocus } from './return-focus';

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /**
   * 'side': a panel at the end on desktop, full screen on phones (a document's details).
   * 'bottom': a panel at the end on desktop, a bottom sheet on phones (filters, short forms).
   */
  placement?: 'side' | 'bottom';
  wide?: boolean;
  closeLabel?: string;
  /** Back (browser or device) closes the sheet; on by default. */
  closeOnBack?: boolean;
  /** Where focus goes when the sheet closes; by default the element that had it when it opened. */
  returnFocusTo?: () => HTMLElement | null | undefined;
};

/** A sheet: a modal panel with a heading, a Back/close button, Escape and Back close it. */
export function Sheet({ open, onOpenChange, title, description, children, footer, placement = 'side', wide, closeLabel = 'Close', closeOnBack = true, returnFocusTo }: SheetProps) {
  useCloseOnBack(open, () => onOpenChange(false), closeOnBack);
  const focus = useReturnFocus(returnFocusTo);
  const classes = ['ds-sheet', placement === 'bottom' ? 'ds-sheet--bottom' : 'ds-sheet--side', wide ? 'ds-sheet--wide' : ''].filter(Boolean).join(' ');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="ds-overlay" />
        <DialogPrimitive.Content
          className={classes}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <div className="ds-sheet__header">
            <DialogPrimitive.Close asChild>
              <IconButton label={closeLabel} icon={placement === 'side' ? <BackIcon /> : <CloseIcon />} />
            </DialogPrimitive.Close>
            <DialogPrimitive.Title className="ds-sheet__title">{title}</DialogPrimitive.Title>
          </div>
          <div className="ds-sheet__body">
            {description ? <DialogPrimitive.Description className="ds-field__description">{description}</DialogPrimitive.Description> : null}
            {children}
          </div>
          {footer ? <div className="ds-sheet__footer">{footer}</div> : null}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
