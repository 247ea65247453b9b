import { createElement, useEffect, useState, type ComponentType } from 'react';
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
  promise: Promise<ComponentType<P>>;
  /** Set once the load has settled, so a render after that is synchronous. */
  settled?: { Component: ComponentType<P> } | { error: unknown };
}

/** A lazily loaded component that can also be asked to start loading before it renders. */
export type PreloadableComponent<P> = ComponentType<P> & {
  /** Starts the load (once) and resolves when the code is in; rejects as the render would fail. */
  preload(): Promise<ComponentType<P>>;
  /** Whether a render now would be synchronous: the code is in, or its failure is known. */
  settled(): boolean;
};

/** Whether `Component` can be preloaded (an area's page may be a plain component). */
export const isPreloadable = (Component: unknown): Component is Pick<PreloadableComponent<never>, 'preload' | 'settled'> =>
  typeof (Component as { preload?: unknown } | null)?.preload === 'function';

/**
 * Like React.lazy, with two differences:
 * - A failed load is not cached forever: React.lazy keeps the rejected promise, so after a
 *   ChunkLoadError every Try Again would fail again. Here the failure is shown (thrown to the
 *   nearest error boundary) until retryFailedLoads() (Try Again); the next render after it calls
 *   `load` again. A successful load is kept.
 * - Code that is already in renders at once. React.lazy suspends on its first render even when
 *   its promise has long resolved, and React then holds the content back for up to 300 ms after
 *   the fallback showed (FALLBACK_THROTTLE_MS, react/react#36569): on a phone's warm visit that
 *   was a quarter of the time to the library's first row (ADR 0490). Here only code still on
 *   its way suspends, and `preload()` lets a host start it before rendering.
 * Wrap it in <Suspense> for the case it is still loading.
 */
export function retryableLazy<P extends object>(load: () => Promise<Loaded<P>>): PreloadableComponent<P> {
  let current: Attempt<P> | undefined;

  function attempt(): Attempt<P> {
    const failedBeforeTryAgain = current?.settled && 'error' in current.settled && current.generation !== loadGeneration();
    if (current && !failedBeforeTryAgain) return current;
    const entry: Attempt<P> = {
      generation: loadGeneration(),
      promise: load().then(
        (loaded) => {
          const Component = 'default' in loaded ? loaded.default : loaded;
          entry.settled = { Component };
          return Component;
        },
        (error: unknown) => {
          entry.settled = { error };
          throw error;
        },
      ),
    };
    entry.promise.catch(() => undefined); // shown by the render that needs it (its error boundary)
    current = entry;
    return entry;
  }

  function RetryableLazy(props: P) {
    const { settled, promise } = attempt();
    // Still on its way: suspend, as React.lazy does (it throws its promise too; `use` would ask
    // every test render to be an awaited act()).
    if (!settled) throw promise;
    if ('error' in settled) throw settled.error;
    return createElement(settled.Component, props);
  }
  return Object.assign(RetryableLazy, { preload: () => attempt().promise, settled: () => Boolean(current?.settled) });
}

/**
 * Whether the code of `Component` (one of these; any other component counts as in) is in or its
 * failure known — a render of it now is synchronous. Starts the load and re-renders once it has
 * settled: for a host that waits with its own fallback instead of letting it suspend, since
 * content that suspended is held back by React for up to 300 ms after any fallback showed
 * (react/react#36569), and each reveal restarts that wait for the next (ADR 0490).
 */
export function useCodeSettled(Component: unknown): boolean {
  const preloadable = isPreloadable(Component) ? Component : undefined;
  const settled = preloadable?.settled() ?? true;
  const [, rerender] = useState(0);
  useEffect(() => {
    if (!preloadable || settled) return undefined;
    let mounted = true;
    void preloadable
      .preload()
      .catch(() => undefined)
      .then(() => mounted && rerender((n) => n + 1));
    return () => {
      mounted = false;
    };
  }, [preloadable, settled]);
  return settled;
}

/** A page of an area: `lazyPage(() => import('./features/x/x-page'))` (default export). */
export const lazyPage = (load: () => Promise<{ default: ComponentType }>): PreloadableComponent<object> => retryableLazy<object>(load);

/**
 * A page whose download starts as soon as this line runs if the address already names it — an
 * area's module is evaluated beside the shell's boot (ADR 0482), a shell page's table when the
 * shell starts — instead of when its route first renders: on a phone that was the last round trip
 * before the page's first content. Declare these at module level, not inside `register`. A
 * failed early load shows as any failed page load, and Try Again loads afresh.
 */
export function lazyPageAt(path: string, load: () => Promise<{ default: ComponentType }>): PreloadableComponent<object> {
  const Page = lazyPage(load);
  if (typeof window !== 'undefined' && pathMatches(path, window.location.pathname)) void Page.preload().catch(() => undefined);
  return Page;
}

/**
 * An area's page route, declared at module level so its download can start early (lazyPageAt):
 * `pageRoute('/documents', () => import('./features/library/documents-page'), { requiresAuth: true, title: 'Documents' })`.
 */
export function pageRoute(path: string, load: () => Promise<{ default: ComponentType }>, rest: Omit<ComponentRoute, 'path' | 'Component'> = {}): ComponentRoute {
  return { path, Component: lazyPageAt(path, load), ...rest };
}
