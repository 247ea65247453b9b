import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadGeneration, retryFailedLoads } from '@dossier/shared/contract';

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
