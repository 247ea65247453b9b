import type { ComponentType } from 'react';
import type { BaseWidgetProps, WidgetName, WidgetPropsMap } from './widget-map';
import type { ParcelConfig } from 'single-spa';
import type { AuthApi } from './auth';
import type { PendingOperationHandler } from './pending-operations';
import type { DossierServices, DossierServicesSnapshot } from './services';

/**
 * The version of the contract between the shell and its remotes. Bump the MAJOR only when a
 * remote built against the old contract would break; the shell refuses a remote whose major
 * differs (SPEC §8 error screen inside that area).
 */
export const CONTRACT_VERSION = '3.0.0';

/** One route an area mounts inside the shell's router. `path` is absolute ("/documents/*"). */
export interface ComponentRoute {
  path: string;
  Component: ComponentType;
  /** Visitors are sent to /auth (and back after sign-in). */
  requiresAuth?: boolean;
  /** Document title while this route is shown. */
  title?: string;
}

/**
 * A route rendered as a single-spa parcel in its own React root (mfe-debug): the shell mounts it
 * with `mountRootParcel` and unmounts it when the route is left.
 */
export interface ParcelRoute {
  path: string;
  parcel: ParcelConfig<ParcelRouteProps>;
  requiresAuth?: boolean;
  title?: string;
}

/** What the shell passes to a parcel: it has no access to the shell's React tree. */
export interface ParcelRouteProps {
  services: DossierServicesSnapshot;
  pathname: string;
}

export type RemoteRoute = ComponentRoute | ParcelRoute;

export function isParcelRoute(route: RemoteRoute): route is ParcelRoute {
  return 'parcel' in route;
}

export interface NavItem {
  label: string;
  path: string;
  /** Lower first. */
  order?: number;
  requiresAuth?: boolean;
}

/** Props every widget receives; each widget's own props are in ./widget-map.ts. */
export type WidgetProps = BaseWidgetProps;

/** A widget renders its own loading, empty and error states. */
export type WidgetComponent<P = BaseWidgetProps> = ComponentType<P>;

/** What an area may offer: under each known name, a component that takes that widget's props. */
export type WidgetImplementations = { [N in WidgetName]?: WidgetComponent<WidgetPropsMap[N]> };

/**
 * What the shell hands an area when it loads it (Squide's runtime): the area registers its
 * routes, nav items, widgets and background handlers here — once, when it loads, wherever the
 * person is — instead of the shell knowing them.
 */
export interface AreaHost {
  /** The page's services (config, supabase via auth(), query client, error log, queue, device…). */
  services: Omit<DossierServices, 'auth'>;
  /** The sign-in state now (it changes over time; read it when needed). */
  auth(): AuthApi;
  addRoutes(routes: RemoteRoute[]): void;
  addNav(items: NavItem[]): void;
  /**
   * Widgets this area offers other areas, by global name prefixed by area ('documents.recent',
   * 'portfolios.summary', …). Names and props are those of the contract's widget map.
   */
  addWidgets(widgets: WidgetImplementations): void;
  /**
   * How a queued offline operation of `type` is replayed. It lives as long as the page, so the
   * queue is flushed on any page, not only while this area is on screen.
   */
  addPendingOperationHandler<P>(type: string, handler: PendingOperationHandler<P>): void;
}

/** The single module a remote exposes as `./Module`. */
export interface RemoteModule {
  /**
   * The contract version the remote was BUILT against — `BUILD.contractVersion` from
   * `@dossier/build`, inlined at build time. Never `CONTRACT_VERSION` from `@dossier/shared`:
   * that is the shell's shared copy at runtime, so it would always match.
   */
  contractVersion: string;
  /** Release label of the build (e.g. the commit); shown in the shell's footer and diagnostics. */
  release?: string;
  /** The ranges this remote was built to require of each shared singleton (`BUILD.sharedRequirements`). */
  sharedRequirements?: Record<string, string>;
  /** Run once when the shell has loaded and accepted the area. */
  register(host: AreaHost): void;
}

/** What one area registered: what the shell routes to, lists in the nav and offers as widgets. */
export interface AreaRegistration {
  contractVersion: string;
  release?: string;
  routes: RemoteRoute[];
  nav: NavItem[];
  widgets: Record<string, WidgetComponent<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Runs an area's `register` step and collects what it registered (the shell and the standalone harness). */
export function registerArea(
  module: RemoteModule,
  host: Pick<AreaHost, 'services' | 'auth'>,
): AreaRegistration {
  const registration: AreaRegistration = { contractVersion: module.contractVersion, release: module.release, routes: [], nav: [], widgets: {} };
  module.register({
    services: host.services,
    auth: host.auth,
    addRoutes: (routes) => void registration.routes.push(...routes),
    addNav: (items) => void registration.nav.push(...items),
    addWidgets: (widgets) => void Object.assign(registration.widgets, widgets),
    addPendingOperationHandler: (type, handler) => void host.services.pendingOperations.registerHandler(type, handler),
  });
  return registration;
}

/**
 * Whether `version` satisfies `range` — the two forms the build helper writes: `^x.y.z` (same
 * major, not older) and an exact `x.y.z`. Any other range is not judged here (the federation
 * runtime still checks it when it negotiates the singleton).
 */
export function satisfiesVersion(version: string, range: string): boolean {
  const parse = (v: string) => v.split('.').map((part) => Number.parseInt(part, 10));
  const exact = /^\d+\.\d+\.\d+$/.test(range);
  const caret = /^\^\d+\.\d+\.\d+$/.test(range);
  if (!exact && !caret) return true;
  const have = parse(version);
  const want = parse(range.replace(/^\^/, ''));
  if (have.some((n) => !Number.isFinite(n))) return false;
  if (exact) return have.every((n, i) => n === want[i]);
  if (have[0] !== want[0]) return false;
  for (let i = 1; i < 3; i += 1) {
    if (have[i]! !== want[i]!) return have[i]! > want[i]!;
  }
  return true;
}

/** The shared singletons whose version the shell provides but the remote's requirement rejects. */
export function unmetSharedRequirements(requirements: Record<string, string> | undefined, provided: Record<string, string>): string[] {
  return Object.entries(requirements ?? {})
    .filter(([name, range]) => provided[name] !== undefined && !satisfiesVersion(provided[name], range))
    .map(([name, range]) => `${name} ${range} (this app has ${provided[name]})`);
}

/** The contract's major version, used by the shell to accept or refuse a remote. */
export function contractMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : -1;
}
