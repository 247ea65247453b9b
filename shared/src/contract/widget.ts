import { Component, createElement, Fragment, useEffect, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_SCREEN_BUTTONS } from '../core/messages';
import { useDossier } from './hooks';
import { retryFailedLoads } from './load-retry';
import type { WidgetComponent } from './remote-module';
import type { WidgetName, WidgetPropsMap } from './widget-map';
import { WidgetLoading, WidgetSlotContext, widgetSlot } from './widget-room';

/** The inline words of a widget that could not be shown (its page keeps working). */
export const WIDGET_FAILED_TEXT = 'This section could not be shown.';

function WidgetFailed({ onRetry }: { onRetry: () => void }) {
  return createElement(
    'div',
    { role: 'alert', className: 'ds-widget-failed', 'data-testid': 'widget-failed' },
    createElement('p', null, WIDGET_FAILED_TEXT),
    createElement('button', { type: 'button', className: 'ds-button ds-button--secondary ds-button--sm', onClick: onRetry }, ERROR_SCREEN_BUTTONS.tryAgain),
  );
}

interface BoundaryProps {
  name: string;
  children?: ReactNode;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

/**
 * A widget's own error boundary: a widget whose code chunk fails to load (or that throws while
 * rendering) shows a small inline error with Try Again, instead of taking the page down with it.
 * Try Again lets failed lazy loads load afresh (retryFailedLoads, the same generation the area's
 * boundary bumps) and renders the widget again.
 */
export class WidgetErrorBoundary extends Component<BoundaryProps, { failed: boolean; attempt: number }> {
  override state = { failed: false, attempt: 0 };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState((state) => ({ failed: false, attempt: state.attempt + 1 }));
  };

  override render() {
    if (this.state.failed) return createElement(WidgetFailed, { onRetry: this.retry });
    // A fresh subtree per attempt: nothing of the failed render is kept.
    return createElement(Fragment, { key: this.state.attempt }, this.props.children);
  }
}

/**
 * Renders a widget another area offers, by name, without importing that area. While the area
 * loads it shows the widget's loading state, which keeps the room the widget takes when it has
 * one in WIDGET_ROOM (widget-room.ts; lazyWidget shows the same while the widget's code loads); if the area is missing or its code fails to load, a small
 * inline error with Try Again — never the whole page's error screen.
 */
export function Widget<N extends WidgetName>({ name, ...props }: { name: N } & WidgetPropsMap[N]) {
  const { widgets, errors } = useDossier();
  const [attempt, setAttempt] = useState(0);
  // 'missing': the area does not offer it (disabled or unknown); 'failed': its area could not load.
  const [state, setState] = useState<{ component?: WidgetComponent<WidgetPropsMap[N]>; failed: false | 'missing' | 'failed' }>(() => ({
    component: widgets.get(name) as WidgetComponent<WidgetPropsMap[N]> | undefined,
    failed: false,
  }));
  useEffect(() => {
    if (state.component || state.failed) return;
    let live = true;
    widgets.load(name).then(
      (component) => live && setState({ component: component as WidgetComponent<WidgetPropsMap[N]> | undefined, failed: component ? false : 'missing' }),
      () => live && setState({ failed: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [name, widgets, state.component, state.failed, attempt]);
  const title = (props as { title?: unknown }).title;
  const slot = useMemo(() => widgetSlot(name, title), [name, title]);
  const report = (error: unknown) => errors?.report?.(error, { feature: `widget:${name}` });
  if (state.component) {
    return createElement(
      WidgetSlotContext.Provider,
      { value: slot },
      createElement(WidgetErrorBoundary, { name, onError: report }, createElement(state.component, props as unknown as WidgetPropsMap[N])),
    );
  }
  if (state.failed === 'missing') {
    return createElement('div', { role: 'status', className: 'widget-unavailable' }, 'This section is unavailable right now.');
  }
  if (state.failed) {
    return createElement(WidgetFailed, {
      onRetry: () => {
        retryFailedLoads();
        setState({ failed: false });
        setAttempt((n) => n + 1);
      },
    });
  }
  return createElement(WidgetLoading, { slot });
}
