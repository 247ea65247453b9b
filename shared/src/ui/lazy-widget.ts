import { createElement, lazy, Suspense, type ComponentType } from 'react';
import type { WidgetProps } from '@dossier/shared';
import { LOADING_TEXT } from '@dossier/shared/core';

/**
 * A widget whose code loads on first render, wrapped in its own Suspense so any host (the
 * dashboard, another area) can render it as is — areas offer widgets without growing their entry.
 */
export function lazyWidget(load: () => Promise<ComponentType<WidgetProps>>): ComponentType<WidgetProps> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyWidget(props: WidgetProps) {
    return createElement(
      Suspense,
      { fallback: createElement('p', { role: 'status', 'aria-busy': true, className: 'widget-loading' }, LOADING_TEXT) },
      createElement(Lazy, props),
    );
  };
}
