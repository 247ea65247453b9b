import { createElement, Suspense, type ComponentType } from 'react';
import type { BaseWidgetProps } from '@dossier/shared';
import { WidgetSlotLoading } from '@dossier/shared/contract';
import { retryableLazy, useCodeSettled } from './retryable-lazy';

/** The loading state of the `<Widget>` slot it is drawn in: the same room as while its area loaded (widget-room.ts). */
const widgetLoading = () => createElement(WidgetSlotLoading);

/**
 * A widget whose code loads on first render, with its own loading state (its slot's, so the room kept while its area loaded stays kept) so any host (the dashboard,
 * another area) can render it as is — areas offer widgets without growing their entry. It waits
 * for its code without suspending (useCodeSettled): a dashboard's widgets arrive one by one, and
 * React holds each suspended reveal back 300 ms after the last one (ADR 0490). The Suspense is
 * for a Try Again, which loads afresh. A failed load is retried by the next attempt of the
 * enclosing error boundary (retryable-lazy.ts).
 */
export function lazyWidget<P extends object = BaseWidgetProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = retryableLazy<P>(load);
  return function LazyWidget(props: P) {
    if (!useCodeSettled(Lazy)) return widgetLoading();
    return createElement(Suspense, { fallback: widgetLoading() }, createElement(Lazy, props));
  };
}
