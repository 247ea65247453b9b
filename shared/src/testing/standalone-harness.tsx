import { Suspense, useMemo } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Link, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import {
  DossierServicesProvider,
  isParcelRoute,
  registerArea,
  useDossier,
  type AreaRegistration,
  type DossierServices,
  type RemoteModule,
  type WidgetComponent,
} from '@dossier/shared/contract';
import { AreaErrorBoundary, LoadingSpinner } from '@dossier/shared/ui';
import { ParcelHost } from '@dossier/shared/parcel';
import { createFakeServices, createStaticWidgetRegistry } from './fake-services';

function HarnessFrame({ module, title }: { module: AreaRegistration; title: string }) {
  const location = useLocation();
  return (
    <>
      <header className="dossier-header">
        <strong>{title} — standalone</strong>
        <nav aria-label="Area">
          <ul>
            {[...module.nav]
              .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
              .map((item) => (
                <li key={item.path}>
                  <Link to={item.path}>{item.label}</Link>
                </li>
              ))}
          </ul>
        </nav>
      </header>
      <main id="main">
        <AreaErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<LoadingSpinner />}>
            <Outlet />
          </Suspense>
        </AreaErrorBoundary>
      </main>
    </>
  );
}

function ParcelPage({ route }: { route: Extract<AreaRegistration['routes'][number], { parcel: unknown }> }) {
  const services = useDossier();
  const { pathname } = useLocation();
  return <ParcelHost config={route.parcel} services={services} pathname={pathname} />;
}

/** The harness's routes under its <BrowserRouter> (declarative routing, as the shell's, ADR 0487). */
function HarnessRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Runs one area alone (`nx serve mfe-x`): the contract from shared/testing's fakes, the area's
 * routes in a router of its own, its nav in a small header. `/` goes to the first nav item.
 */
export function StandaloneHarness({ module: remote, title, services }: { module: RemoteModule; title: string; services?: DossierServices }) {
  // The area registers itself against the harness's services, as it does in the shell.
  const { value, module } = useMemo(() => {
    const widgets: Record<string, WidgetComponent> = {};
    const value = services ?? createFakeServices({ widgets: createStaticWidgetRegistry(widgets) });
    const { auth, ...rest } = value;
    const module = registerArea(remote, { services: rest, auth: () => auth });
    Object.assign(widgets, module.widgets);
    return { value, module };
  }, [services, remote]);
  const routes = useMemo<RouteObject[]>(
    () => [
      {
        element: <HarnessFrame module={module} title={title} />,
        children: [
          {
            path: '/',
            element: (
              <ul>
                {module.routes.map((route) => (
                  <li key={route.path}>
                    <Link to={route.path.replace(/:([a-zA-Z]+)/g, 'sample-$1').replace(/\/\*$/, '')}>{route.title ?? route.path}</Link>
                  </li>
                ))}
              </ul>
            ),
          },
          ...module.routes.map((route) =>
            isParcelRoute(route) ? { path: route.path, element: <ParcelPage route={route} /> } : { path: route.path, Component: route.Component },
          ),
          { path: '*', element: <p>No page of this area at this address.</p> },
        ],
      },
    ],
    [module, title],
  );
  return (
    <DossierServicesProvider services={value}>
      <QueryClientProvider client={value.queryClient}>
        <BrowserRouter>
          <HarnessRoutes routes={routes} />
        </BrowserRouter>
      </QueryClientProvider>
    </DossierServicesProvider>
  );
}
