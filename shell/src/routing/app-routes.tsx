import { Component, useMemo, type ComponentType, type ReactNode } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { REMOTE_NAMES } from '@dossier/shared';
import { ErrorScreen, LoadingSpinner, useCodeSettled } from '@dossier/shared/ui';
import type { RemoteAreas } from '../federation/remote-areas';
import { AppFrame } from '../frame/app-frame';
import { AreaOutlet } from './area-outlet';
import { RequireAuth } from './require-auth';
import { AREA_ROUTES, SHELL_ROUTES } from './route-table';
import NotFoundPage from '../pages/not-found-page';

/**
 * What the page shows if something outside every area's boundary throws while rendering (the
 * frame itself, a shell page): the whole page's error screen, whose retry reloads. Each area has
 * its own boundary inside (AreaOutlet), so this is the last line, not the usual one.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown; failed: boolean }> {
  override state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override render() {
    if (this.state.failed) return <ErrorScreen error={this.state.error} retryCount={0} onRetry={() => window.location.reload()} headingLevel={1} />;
    return this.props.children;
  }
}

/** A shell page, once its code is in: it waits without suspending, as a suspended page is shown up to 300 ms late (ADR 0490). */
function ShellPage({ Page }: { Page: ComponentType }) {
  return useCodeSettled(Page) ? <Page /> : <LoadingSpinner />;
}

/** The routes of the whole app: the shell's pages, each enabled area's paths, then not-found. */
export function appRoutes(areas: Pick<RemoteAreas, 'enabled'>, overlays: ComponentType[] = []): RouteObject[] {
  return [
    {
      element: <AppFrame overlays={overlays} />,
      children: [
        ...SHELL_ROUTES.map(({ path, Component, requiresAuth }) => ({
          path,
          element: (
            <div className="dossier-area" data-area-outlet="shell">
              <RequireAuth required={Boolean(requiresAuth)}>
                <ShellPage Page={Component} />
              </RequireAuth>
            </div>
          ),
        })),
        ...REMOTE_NAMES.filter((area) => areas.enabled(area)).flatMap((area) =>
          AREA_ROUTES[area].map((pattern) => ({ path: pattern, element: <AreaOutlet key={area} area={area} pattern={pattern} /> })),
        ),
        {
          path: '*',
          element: (
            <div className="dossier-area" data-area-outlet="shell">
              <NotFoundPage />
            </div>
          ),
        },
      ],
    },
  ];
}

/**
 * The app's routes under the page's <BrowserRouter> (ADR 0487): declarative routing, not the
 * data router, whose loaders, actions and fetchers Dossier does not use and every page paid
 * ~15 KB gzip for.
 */
export function AppRoutes({ areas, overlays }: { areas: Pick<RemoteAreas, 'enabled'>; overlays?: ComponentType[] }) {
  const routes = useMemo(() => appRoutes(areas, overlays), [areas, overlays]);
  return useRoutes(routes);
}
