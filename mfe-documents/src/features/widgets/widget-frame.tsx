import type { ReactNode } from 'react';
import { LOADING_TEXT } from '@dossier/shared/core';

/** The loading, error and empty states every documents widget shares. */
export function WidgetFrame({
  title,
  state,
  error,
  onRetry,
  empty,
  children,
}: {
  title: string;
  state: 'pending' | 'error' | 'success';
  error?: string;
  onRetry?: () => void;
  empty: ReactNode | null;
  children: ReactNode;
}) {
  return (
    <section className="documents-widget" aria-label={title}>
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
              Try Again
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
