import type { ReactNode } from 'react';
import { ERROR_SCREEN_BUTTONS, LOADING_TEXT } from '../core/messages';

/** The loading, error and empty states every dashboard widget shares (one home for all areas). */
export function WidgetFrame({
  title,
  state,
  error,
  onRetry,
  empty,
  className,
  children,
}: {
  title: string;
  state: 'pending' | 'error' | 'success';
  /** The classifier's SPEC §8 text (never a raw message). */
  error?: string;
  onRetry?: () => void;
  empty: ReactNode | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `widget ${className}` : 'widget'} aria-label={title}>
      <h2 className="widget-title">{title}</h2>
      {state === 'pending' ? (
        <p role="status" aria-busy="true" className="widget-loading">
          {LOADING_TEXT}
        </p>
      ) : state === 'error' ? (
        <div role="alert" className="widget-error">
          <p>{error}</p>
          {onRetry ? (
            <button type="button" onClick={onRetry}>
              {ERROR_SCREEN_BUTTONS.tryAgain}
            </button>
          ) : null}
        </div>
      ) : empty ? (
        <div className="widget-empty">{empty}</div>
      ) : (
        children
      )}
    </section>
  );
}
