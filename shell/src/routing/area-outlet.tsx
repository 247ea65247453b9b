import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { AREA_LABELS, isParcelRoute, useDossier, type AreaRegistration, type RemoteName, type RemoteRoute } from '@dossier/shared';
import { ContractVersionError, SharedVersionError } from '@dossier/shared/core';
import { AreaErrorBoundary, ErrorScreen, LoadingSpinner, isPreloadable, retryableLazy } from '@dossier/shared/ui';
import { useAreas } from './areas-context';
import { RequireAuth } from './require-auth';
import NotFoundPage from '../pages/not-found-page';

function findRoute(module: AreaRegistration, pattern: string, pathname: string): RemoteRoute | undefined {
  return module.routes.find((route) => route.path === pattern) ?? module.routes.find((route) => matchPath(route.path, pathname));
}

// single-spa is needed only for parcel routes (mfe-debug): not in the shell's first load.
const ParcelHost = retryableLazy(() => import('./parcel-route'));

type LoadState = { module: AreaRegistration; error?: undefined } | { module?: undefined; error: unknown } | { module?: undefined; error?: undefined };

/** The page the address names, when its code loads on demand (an area's page, or a parcel). */
function pageOf(module: AreaRegistration, pattern: string, pathname: string) {
  const route = findRoute(module, pattern, pathname);
  const Page = route && (isParcelRoute(route) ? ParcelHost : route.Component);
  return Page && isPreloadable(Page) ? Page : undefined;
}

/**
 * The area is drawn once the code of the page the address names is in (or has failed: the page's
 * own render then shows that in its error boundary), so the page renders at once. A page that
 * suspends is held back by React for up to 300 ms after its fallback showed — on a phone's warm
 * visit a quarter of the time to the first row (ADR 0490).
 */
const drawable = (module: AreaRegistration | undefined, at: { pattern: string; pathname: string }): module is AreaRegistration =>
  Boolean(module && (pageOf(module, at.pattern, at.pathname)?.settled() ?? true));

async function pageCodeIn(module: AreaRegistration, pattern: string, pathname: string): Promise<void> {
  await pageOf(module, pattern, pathname)
    ?.preload()
    .catch(() => undefined);
}

/** Loads an area on demand; a failure stays here, with a retry that re-reads the manifest. */
function useArea(area: RemoteName, pattern: string) {
  const areas = useAreas();
  const { pathname } = useLocation();
  const where = useRef({ pattern, pathname });
  where.current = { pattern, pathname };
  // The area may be in already (ADR 0482 starts it beside the shell's boot), its page not yet.
  const [state, setState] = useState<LoadState>(() => {
    const module = areas.loaded(area);
    return drawable(module, where.current) ? { module } : {};
  });
  const [retryCount, setRetryCount] = useState(0);
  const load = useCallback(
    (force: boolean) =>
      areas.load(area, { force }).then(
        async (module) => {
          await pageCodeIn(module, where.current.pattern, where.current.pathname);
          setState({ module });
        },
        (error: unknown) => setState({ error }),
      ),
    [area, areas],
  );
  useEffect(() => {
    const module = areas.loaded(area);
    setRetryCount(0);
    if (drawable(module, where.current)) setState({ module });
    else {
      setState({});
      void load(false);
    }
  }, [area, areas, load]);
  const retry = useCallback(async () => {
    setRetryCount((n) => n + 1);
    setState({});
    await load(true);
  }, [load]);
  return { ...state, retryCount, retry };
}

/** Marks which area a page belongs to (diagnostics, styling, tests). */
function AreaFrame({ area, children }: { area: RemoteName; children: ReactNode }) {
  return (
    <div className="dossier-area" data-area-outlet={area}>
      {children}
    </div>
  );
}

function RouteContent({ route, area }: { route: RemoteRoute; area: RemoteName }) {
  const services = useDossier();
  const { pathname } = useLocation();
  return (
    <AreaFrame area={area}>
      <AreaErrorBoundary
        resetKey={pathname}
        detail={`The ${AREA_LABELS[area]} area could not show this page.`}
        onError={(error) => services.errors.report(error, { area, pathname })}
      >
        <Suspense fallback={<LoadingSpinner />}>
          {isParcelRoute(route) ? <ParcelHost config={route.parcel} services={services} pathname={pathname} /> : <route.Component />}
        </Suspense>
      </AreaErrorBoundary>
    </AreaFrame>
  );
}

/** What the shell renders for a path an area owns: spinner, then the area's page, or its error screen. */
export function AreaOutlet({ area, pattern }: { area: RemoteName; pattern: string }) {
  const { module, error, retryCount, retry } = useArea(area, pattern);
  const { pathname } = useLocation();
  const label = AREA_LABELS[area];
  // Refused: built for another contract major, or for shared libraries this app does not provide.
  const refusal =
    error instanceof ContractVersionError
      ? `was built for contract version ${error.actual}; this app needs version ${error.expected}. The ${label} area must be rebuilt against the current contract.`
      : error instanceof SharedVersionError
        ? `was built for other shared libraries: ${error.unmet.join(', ')}. The ${label} area must be rebuilt against this app's versions.`
        : undefined;
  if (refusal) {
    return (
      <AreaFrame area={area}>
        <ErrorScreen error={error} retryCount={retryCount} onRetry={retry} detail={`The ${label} area (${area}) ${refusal}`} />
      </AreaFrame>
    );
  }
  if (error) {
    return (
      <AreaFrame area={area}>
        <ErrorScreen error={error} retryCount={retryCount} onRetry={retry} detail={`The ${label} area could not be loaded.`} />
      </AreaFrame>
    );
  }
  if (!module) return <LoadingSpinner />;
  const route = findRoute(module, pattern, pathname);
  if (!route) return <NotFoundPage />;
  return (
    <RequireAuth required={Boolean(route.requiresAuth)}>
      <RouteContent route={route} area={area} />
    </RequireAuth>
  );
}
