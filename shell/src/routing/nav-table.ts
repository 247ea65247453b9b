// Free of runtime imports (types only): the light landing of `/` (landing-start.tsx) reads it too.
import type { NavItem, RemoteName } from '@dossier/shared';

/** The shell's own nav, and what stands for an area's nav until that area has loaded. */
export const SHELL_NAV: NavItem[] = [{ label: 'Dashboard', path: '/dashboard', order: 0, requiresAuth: true }];

export const AREA_NAV_FALLBACK: Readonly<Record<RemoteName, NavItem[]>> = {
  documents: [{ label: 'Documents', path: '/documents', order: 10, requiresAuth: true }],
  portfolios: [{ label: 'Portfolios', path: '/portfolios', order: 20, requiresAuth: true }],
  driveImport: [],
  account: [
    { label: 'Transfers', path: '/transfers', order: 85, requiresAuth: true },
    { label: 'Settings', path: '/settings', order: 90, requiresAuth: true },
  ],
  debug: [],
};
