import type { ComponentType } from 'react';
import { AREA_PATHS, type RemoteName } from '@dossier/shared';
import { lazyPageAt } from '@dossier/shared/ui';

/** A page of the shell itself (SPEC §2 / docs/architecture.md "Who owns what"). */
export interface ShellRoute {
  path: string;
  Component: ComponentType;
  requiresAuth?: boolean;
}

/** /auth's page: bootstrap waits for its code when index.html already shows its card (ADR 0499). */
export const AuthRoutePage = lazyPageAt('/auth', () => import('../features/auth/auth-page').then((m) => ({ default: m.AuthPage })));

// Each shell page is its own chunk: the landing page does not pay for the dashboard. The page the
// address names starts loading when this table is evaluated, beside app-config.json and the shared
// modules, not after the first render (lazyPageAt).
export const SHELL_ROUTES: ShellRoute[] = [
  { path: '/', Component: lazyPageAt('/', () => import('../features/landing').then((m) => ({ default: m.LandingPage }))) },
  { path: '/dashboard', Component: lazyPageAt('/dashboard', () => import('../features/dashboard').then((m) => ({ default: m.DashboardPage }))), requiresAuth: true },
  { path: '/auth', Component: AuthRoutePage },
  { path: '/share-handler', Component: lazyPageAt('/share-handler', () => import('../features/share-handler').then((m) => ({ default: m.ShareHandlerPage }))), requiresAuth: true },
];

/**
 * Which area owns which paths: from the one registry of areas (registry.json, ADR 0430), so the
 * shell routes to an area before its code has loaded, and the area's own test holds its `register`
 * to the same list. The pages, their sign-in needs and titles are what the area registers when it
 * loads. A `/*` sub-path lets an area add sub-pages without a shell release.
 */
export const AREA_ROUTES: Readonly<Record<RemoteName, readonly string[]>> = AREA_PATHS;

/** The area whose paths include this address, if any: the registry's one matcher (main.ts uses it too). */
export { areaOfPath } from '@dossier/shared';

// The nav tables live in nav-table.ts: the light landing (landing-start.tsx) reads them without
// this module's page loaders.
export { AREA_NAV_FALLBACK, SHELL_NAV, visibleNavItems } from './nav-table';
