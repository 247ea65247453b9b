import { createElement, Suspense, type ComponentType } from 'react';
import type { BaseWidgetProps } from '@dossier/shared';
import { LOADING_TEXT } from '@dossier/shared/core';
import { retryableLazy } from './retryable-lazy';

/**
 * A widget whose code loads on first render, wrapped in its own Suspense so any host (the
 * dashboard, another area) can render it as is — areas offer widgets without growing their entry.
 * A failed load is retried by the next attempt of the enclosing error boundary (retryable-lazy.ts).
 */
export function lazyWidget<P extends object = BaseWidgetProps>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = retryableLazy<P>(load);
  return function LazyWidget(props: P) {
    return createElement(
      Suspense,
      { fallback: createElement('p', { role: 'status', 'aria-busy': true, className: 'widget-loading' }, LOADING_TEXT) },
      createElement(Lazy, props),
    );
  };
}
