import type { CSSProperties, ElementType, HTMLAttributes, ReactNode } from 'react';
import { CloseIcon } from './icons';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger';

/** A short status label ("Expires in 5 days"). Colour is never the only signal: the text says it. */
export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={['ds-badge', tone !== 'neutral' ? `ds-badge--${tone}` : '', className ?? ''].filter(Boolean).join(' ')}>{children}</span>;
}

export type ProgressProps = {
  /** 0..max; undefined shows an indeterminate bar. */
  value?: number;
  max?: number;
  label: ReactNode;
  /** Show the label and percentage above the bar (otherwise the label is only the accessible name). */
  showLabel?: boolean;
  valueText?: string;
};

/** A progress bar (role progressbar with aria-valuenow/min/max). */
export function Progress({ value, max = 100, label, showLabel = false, valueText }: ProgressProps) {
  const determinate = typeof value === 'number' && Number.isFinite(value);
  const clamped = determinate ? Math.min(Math.max(value, 0), max) : 0;
  const percent = determinate && max > 0 ? Math.round((clamped / max) * 100) : 0;
  const labelText = typeof label === 'string' ? label : undefined;
  return (
    <div className="ds-progress">
      {showLabel ? (
        <div className="ds-progress__label" aria-hidden="true">
          <span>{label}</span>
          {determinate ? <span>{valueText ?? `${percent}%`}</span> : null}
        </div>
      ) : null}
      <div
        className="ds-progress__track"
        role="progressbar"
        aria-label={labelText}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={determinate ? clamped : undefined}
        aria-valuetext={determinate ? (valueText ?? `${percent}%`) : undefined}
        data-state={determinate ? 'determinate' : 'indeterminate'}
      >
        <div className="ds-progress__bar" style={determinate ? { width: `${percent}%` } : undefined} />
      </div>
    </div>
  );
}

/** A grey placeholder while content loads (hidden from assistive technology: announce loading elsewhere). */
export function Skeleton({ width, height, variant = 'block', className }: { width?: CSSProperties['width']; height?: CSSProperties['height']; variant?: 'block' | 'text' | 'circle'; className?: string }) {
  return <span aria-hidden="true" className={['ds-skeleton', variant !== 'block' ? `ds-skeleton--${variant}` : '', className ?? ''].filter(Boolean).join(' ')} style={{ width, height }} />;
}

/** What a page shows when there is nothing yet: what it is, and the action that fills it. */
export function EmptyState({ title, description, icon, action, headingLevel = 2 }: { title: ReactNode; description?: ReactNode; icon?: ReactNode; action?: ReactNode; headingLevel?: 2 | 3 | 4 }) {
  const Heading = `h${headingLevel}` as ElementType;
  return (
    <div className="ds-empty">
      {icon ? (
        <span className="ds-empty__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Heading className="ds-empty__title">{title}</Heading>
      {description ? <p className="ds-empty__description">{description}</p> : null}
      {action ? <div className="ds-empty__action">{action}</div> : null}
    </div>
  );
}

export type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'article' | 'section' | 'li'; interactive?: boolean };

/** A surface grouping one thing's content. */
export function Card({ as: Element = 'div', interactive, className, ...rest }: CardProps) {
  return <Element {...rest} className={['ds-card', interactive ? 'ds-card--interactive' : '', className ?? ''].filter(Boolean).join(' ')} />;
}

export type TitleRowProps = HTMLAttributes<HTMLDivElement>;

/**
 * A heading with what belongs beside it (a status badge, an action button) at the row's far end;
 * on a narrow screen the second part wraps under the heading. Give it the heading first (or, with
 * no heading, the row's first part: the sign-in card's "Forgot password?" and its home link).
 * Its gap is its own; `className` for the area's margin.
 */
export function TitleRow({ className, ...rest }: TitleRowProps) {
  return <div {...rest} className={['ds-title-row', className ?? ''].filter(Boolean).join(' ')} />;
}

export type PlainListProps = HTMLAttributes<HTMLElement> & { as?: 'ul' | 'ol' };

/**
 * A list without bullets or indent, its items stacked a small step apart (a trusted contact's
 * documents, a document's history). `as="ol"` where the order means something; `className` for the
 * area's own item styles, spacing or gap.
 */
export function PlainList({ as: Element = 'ul', className, ...rest }: PlainListProps) {
  return <Element {...rest} className={['ds-plain-list', className ?? ''].filter(Boolean).join(' ')} />;
}

export type ChipProps = {
  children: ReactNode;
  /** The thing's own colour (a tag's): drawn as the dot and the outline. */
  color?: string;
  /** Shows a round × inside the chip's end; the chip's shape, not a square laid over it. */
  onRemove?: () => void;
  /** The × button's accessible name, e.g. "Remove tag Passport". Required with `onRemove`. */
  removeLabel?: string;
  as?: 'span' | 'li';
  /** `sm` fits a one-line list row (18 px); `md` (24 px) holds a × for a finger. */
  size?: 'sm' | 'md';
  className?: string;
};

/** A small pill naming one thing (a tag), optionally removable. */
export function Chip({ children, color, onRemove, removeLabel, as: Element = 'span', size = 'md', className }: ChipProps) {
  return (
    <Element
      className={['ds-chip', size === 'sm' ? 'ds-chip--sm' : '', onRemove ? 'ds-chip--removable' : '', className ?? ''].filter(Boolean).join(' ')}
      style={color ? ({ '--ds-chip-color': color } as CSSProperties) : undefined}
    >
      {color ? <span className="ds-chip__dot" aria-hidden="true" /> : null}
      <span className="ds-chip__label">{children}</span>
      {onRemove ? (
        <button type="button" className="ds-chip__remove" aria-label={removeLabel} onClick={onRemove}>
          <CloseIcon aria-hidden="true" />
        </button>
      ) : null}
    </Element>
  );
}
