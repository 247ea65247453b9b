import { createContext, createElement, lazy, useContext, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One value per attempt to show an error boundary's children: a new object on every mount of
 * the boundary and on every Try Again (AreaErrorBoundary provides it). A lazy component whose
 * load failed loads afresh when the attempt it failed in is over.
 */
export const LoadAttemptContext = createContext<object>({});

type Loaded<P> = ComponentType<P> | { default: ComponentType<P> };

interface Attempt<P> {
  attempt: object;
  Lazy: LazyExoticComponent<ComponentType<P>>;
  failed: boolean;
}

/**
 * Like React.lazy, but a failed load is not cached forever: React.lazy keeps the rejected
 * promise, so after a ChunkLoadError every Try Again would fail again. Here the failure is
 * shown (thrown to the nearest error boundary) for the attempt it happened in; the next attempt
 * (Try Again, or the boundary mounting again) calls `load` again. A successful load is kept.
 * Suspends while loading, like React.lazy (wrap it in <Suspense>).
 */
export function retryableLazy<P extends object>(load: () => Promise<Loaded<P>>): ComponentType<P> {
  let current: Attempt<P> | undefined;

  function start(attempt: object): Attempt<P> {
    const entry: Attempt<P> = {
      attempt,
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
    const attempt = useContext(LoadAttemptContext);
    if (!current || (current.failed && current.attempt !== attempt)) current = start(attempt);
    return createElement(current.Lazy as ComponentType<P>, props);
  }
  return RetryableLazy;
}

/** A page of an area: `lazyPage(() => import('./features/x/x-page'))` (default export). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): ComponentType => retryableLazy<object>(load);
