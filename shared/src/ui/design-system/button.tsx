import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** The class names of a button, for a react-router Link that navigates but should look like one. */
export function buttonClassName({ variant = 'secondary', size = 'md', block = false, iconOnly = false, className }: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean; iconOnly?: boolean; className?: string } = {}): string {
  return ['ds-button', `ds-button--${variant}`, size !== 'md' ? `ds-button--${size}` : '', block ? 'ds-button--block' : '', iconOnly ? 'ds-button--icon' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** A leading icon (decorative; the text names the button). */
  icon?: ReactNode;
  /** Busy: disabled, with a spinner, and `aria-busy` for assistive technology. */
  loading?: boolean;
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** A button: at least 44×44 px, visible focus, type="button" unless told otherwise. */
export function Button({ variant = 'secondary', size = 'md', icon, loading = false, block = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClassName({ variant, size, block, className })}>
      {loading ? <span className="ds-button__spinner" aria-hidden="true" /> : icon ? <span className="ds-button__icon" aria-hidden="true">{icon}</span> : null}
      {children}
    </button>
  );
}

export type IconButtonProps = Omit<ButtonProps, 'children' | 'icon' | 'aria-label'> & {
  /** The accessible name: an icon alone names nothing. */
  label: string;
  icon: ReactNode;
};

/** A square button showing only an icon; `label` becomes its accessible name. */
export function IconButton({ label, icon, variant = 'ghost', size = 'md', className, type = 'button', loading, disabled, ...rest }: IconButtonProps) {
  return (
    <button {...rest} type={type} aria-label={label} disabled={disabled || loading} aria-busy={loading || undefined} className={buttonClassName({ variant, size, iconOnly: true, className })}>
      {loading ? <span className="ds-button__spinner" aria-hidden="true" /> : <span className="ds-button__icon" aria-hidden="true">{icon}</span>}
    </button>
  );
}

/** Buttons side by side, wrapping on narrow screens. */
export function ButtonGroup({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="ds-button-group" role={label ? 'group' : undefined} aria-label={label}>
      {children}
    </div>
  );
}
