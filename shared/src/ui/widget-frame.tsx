import { useContext, type ReactNode } from 'react';
import { roomProps, WidgetSlotContext } from '@dossier/shared/contract';
import { ERROR_SCREEN_BUTTONS, LOADING_TEXT } from '../core/messages';
import { Button } from './design-system/button';

/** The title, loading, error and empty states every dashboard widget shares (one home for all areas). */
export function WidgetFrame({
  title,
  aside,
  state,
  error,
  onRetry,
  empty,
  footer,
  className,
  children,
}: {
  title: string;
  /** Beside the title once loaded (a status badge, a link such as "Upgrade"); it wraps under it on a phone. */
  aside?: ReactNode;
  state: 'pending' | 'error' | 'success';
  /** The classifier's SPEC §8 text (never a raw message). */
  error?: string;
  onRetry?: () => void;
  empty: ReactNode | null;
  /** Actions that stay reachable in every settled state, the error included (Drive's Disconnect). */
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = <h2 className="widget-title">{title}</h2>;
  const classes = className ? `widget ${className}` : 'widget';
  // While its data loads, a widget keeps the room its slot reserved while its code loaded (WIDGET_ROOM).
  const room = useContext(WidgetSlotContext)?.room;
  const frame = state === 'pending' && room && room.lines !== 0 ? roomProps(room, classes) : { className: classes };
  return (
    <section {...frame} aria-label={title}>
      {aside && state === 'success' ? (
        <div className="widget-head">
          {heading}
          <div className="widget-aside">{aside}</div>
        </div>
      ) : (
        heading
      )}
      {state === 'pending' ? (
        <p role="status" aria-busy="true" className="widget-loading">
          {LOADING_TEXT}
        </p>
      ) : state === 'error' ? (
        <div role="alert" className="widget-error">
          <p>{error}</p>
          {onRetry ? (
            <Button size="sm" onClick={onRetry}>
              {ERROR_SCREEN_BUTTONS.tryAgain}
            </Button>
          ) : null}
        </div>
      ) : empty ? (
        <div className="widget-empty">{empty}</div>
      ) : (
        children
      )}
      {footer && state !== 'pending' ? <div className="widget-footer">{footer}</div> : null}
    </section>
  );
}
