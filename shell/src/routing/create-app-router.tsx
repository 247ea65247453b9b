import type { ComponentType } from 'react';
import { createBrowserRouter, useRouteError, type RouteObject } from 'react-router-dom';
import { REMOTE_NAMES } from '@dossier/shared';
import { ErrorScreen } from '@dossier/shared/ui';
import type { RemoteAreas } from '../federation/remote-areas';
import { AppFrame } from '../frame/app-frame';
import { AreaOutlet } from './area-outlet';
import { RequireAuth } from './require-auth';
import { AREA_ROUTES, SHELL_ROUTES } from './route-table';
import NotFoundPage from '../pages/not-found-page';

/** What the router shows if something outside every area's boundary throws. */
function RouterErrorScreen() {
  const error = useRouteError();
  return <ErrorScreen error={error} retryCount={0} onRetry={() => window.location.reload()} headingLevel={1} />;
}

/** The routes of the whole app: the shell's pages, each enabled area's paths, then not-found. */
export function appRoutes(areas: Pick<RemoteAreas, 'enabled'>, overlays: ComponentType[] = []): RouteObject[] {
  return [
    {
      element: <AppFrame overlays={overlays} />,
      errorElement: <RouterErrorScreen />,
      children: [
        ...SHELL_ROUTES.map(({ path, Component, requiresAuth }) => ({
          path,
          element: (
            <div className="dossier-area" data-area-outlet="shell">
              <RequireAuth required={Boolean(requiresAuth)}>
                <Component />
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

export function createAppRouter(areas: Pick<RemoteAreas, 'enabled'>, overlays: ComponentType[] = []) {
  return createBrowserRouter(appRoutes(areas, overlays));
}
