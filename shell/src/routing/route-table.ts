import type { ComponentType } from 'react';
import { matchPath } from 'react-router-dom';
import { REMOTE_NAMES, REMOTE_REGISTRY, type RemoteName } from '@dossier/shared';
import { lazyPage } from '@dossier/shared/ui';

/** A page of the shell itself (SPEC §2 / docs/architecture.md "Who owns what"). */
export interface ShellRoute {
  path: string;
  Component: ComponentType;
  requiresAuth?: boolean;
}

/**
 * A shell page in its own chunk. The page the address already names starts loading when this
 * module is evaluated — in parallel with app-config.json and the shared modules — instead of
 * after the first render (it was the last hop before the dashboard's first paint). A failed load
 * is tried afresh by Try Again (lazyPage).
 */
function page(path: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  let early = typeof window !== 'undefined' && window.location.pathname === path ? load() : null;
  early?.catch(() => undefined); // a failure surfaces when the route renders (error boundary)
  return lazyPage(() => {
    const first = early ?? load();
    early = null;
    return first;
  });
}

// Each shell page is its own chunk: the landing page does not pay for the dashboard.
export const SHELL_ROUTES: ShellRoute[] = [
  { path: '/', Component: page('/', () => import('../features/landing').then((m) => ({ default: m.LandingPage }))) },
  { path: '/dashboard', Component: page('/dashboard', () => import('../features/dashboard').then((m) => ({ default: m.DashboardPage }))), requiresAuth: true },
  { path: '/auth', Component: page('/auth', () => import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage }))) },
  { path: '/share-handler', Component: page('/share-handler', () => import('../features/share-handler').then((m) => ({ default: m.ShareHandlerPage }))), requiresAuth: true },
];

/**
 * Which area owns which paths: from the one registry of areas (registry.json, ADR 0430), so the
 * shell routes to an area before its code has loaded, and the area's own test holds its `register`
 * to the same list. The pages, their sign-in needs and titles are what the area registers when it
 * loads. A `/*` sub-path lets an area add sub-pages without a shell release.
 */
export const AREA_ROUTES: Readonly<Record<RemoteName, readonly string[]>> = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, [...REMOTE_REGISTRY[name].paths, ...REMOTE_REGISTRY[name].subPaths]] as const),
) as Record<RemoteName, readonly string[]>;

/** The area whose paths include this address, if any (the router's own matching). */
export function areaOfPath(pathname: string): RemoteName | undefined {
  return REMOTE_NAMES.find((area) => AREA_ROUTES[area].some((pattern) => matchPath(pattern, pathname)));
}

// The nav tables live in nav-table.ts: the light landing (landing-start.tsx) reads them without
// this module's page loaders.
export { AREA_NAV_FALLBACK, SHELL_NAV, visibleNavItems } from './nav-table';
