import type { ComponentType } from 'react';
import type { ParcelConfig } from 'single-spa';
import type { DossierServicesSnapshot } from './services';

/**
 * The version of the contract between the shell and its remotes. Bump the MAJOR only when a
 * remote built against the old contract would break; the shell refuses a remote whose major
 * differs (SPEC §8 error screen inside that area).
 */
export const CONTRACT_VERSION = '1.0.0';

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

/** Props every widget receives; a widget renders its own loading, empty and error states. */
export interface WidgetProps {
  /** Where the widget is shown ('dashboard', 'portfolio-detail', ...), for layout decisions. */
  placement?: string;
  [key: string]: unknown;
}

export type WidgetComponent<P extends WidgetProps = WidgetProps> = ComponentType<P>;

/**
 * The single module a remote exposes as `./Module`.
 * Widget names are global, prefixed by area: 'documents.recent', 'documents.expiring-soon',
 * 'documents.category-counts', 'portfolios.summary', 'drive.connection-card',
 * 'drive.import-dialog', 'drive.folder-mirror', 'account.plan-badge'.
 */
export interface RemoteModule {
  contractVersion: string;
  /** Release label of the build (e.g. the commit); shown in the shell's footer and diagnostics. */
  release?: string;
  routes: RemoteRoute[];
  nav: NavItem[];
  widgets?: Record<string, WidgetComponent<any>>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** The contract's major version, used by the shell to accept or refuse a remote. */
export function contractMajor(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) ? major : -1;
}
