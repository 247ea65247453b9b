import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadGeneration, pathMatches, retryFailedLoads, type ComponentRoute } from '@dossier/shared/contract';

/**
 * Failed loads are kept until someone asks to try again: a user action, never a render (a render
 * can be restarted any number of times by React, e.g. inside a transition, and must not start a
 * new download each time). AreaErrorBoundary's and <Widget>'s Try Again call retryFailedLoads().
 */
export { retryFailedLoads };

type Loaded<P> = ComponentType<P> | { default: ComponentType<P> };

interface Attempt<P> {
  generation: number;
  Lazy: LazyExoticComponent<ComponentType<P>>;
  failed: boolean;
}

/**
 * Like React.lazy, but a failed load is not cached forever: React.lazy keeps the rejected
 * promise, so after a ChunkLoadError every Try Again would fail again. Here the failure is
 * shown (thrown to the nearest error boundary) until retryFailedLoads() (Try Again); the next
 * render after it calls `load` again. A successful load is kept.
 * Suspends while loading, like React.lazy (wrap it in <Suspense>).
 */
export function retryableLazy<P extends object>(load: () => Promise<Loaded<P>>): ComponentType<P> {
  let current: Attempt<P> | undefined;

  function start(): Attempt<P> {
    const entry: Attempt<P> = {
      generation: loadGeneration(),
      failed: false,
      Lazy: lazy(async () => {
        try {
          const loaded = await load();
          return { default: 'default' in loaded ? loaded.default : loaded };
        } catch (error) {
          entry.failed = true;
          throw error;
        }
      }),
    };
    return entry;
  }

  function RetryableLazy(props: P) {
    if (!current || (current.failed && current.generation !== loadGeneration())) current = start();
    return createElement(current.Lazy as ComponentType<P>, props);
  }
  return RetryableLazy;
}

/** A page of an area: `lazyPage(() => import('./features/x/x-page'))` (default export). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): ComponentType => retryableLazy<object>(load);

/**
 * A page whose download starts as soon as this line runs if the address already names it — an
 * area's module is evaluated beside the shell's boot (ADR 0482), a shell page's table when the
 * shell starts — instead of when its route first renders: on a phone that was the last round trip
 * before the page's first content. Declare these at module level, not inside `register`. A
 * failed early load shows as any failed page load, and Try Again loads afresh.
 */
export function lazyPageAt(path: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  let early = typeof window !== 'undefined' && pathMatches(path, window.location.pathname) ? load() : null;
  early?.catch(() => undefined); // shown when the route renders (its error boundary)
  return lazyPage(() => {
    const first = early ?? load();
    early = null;
    return first;
  });
}

/**
 * An area's page route, declared at module level so its download can start early (lazyPageAt):
 * `pageRoute('/documents', () => import('./features/library/documents-page'), { requiresAuth: true, title: 'Documents' })`.
 */
export function pageRoute(path: string, load: () => Promise<{ default: ComponentType }>, rest: Omit<ComponentRoute, 'path' | 'Component'> = {}): ComponentRoute {
  return { path, Component: lazyPageAt(path, load), ...rest };
}
