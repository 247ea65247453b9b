// Free of runtime imports (types only): the light landing of `/` (landing-start.tsx) reads it too.
import type { AuthStatus, NavItem, RemoteName } from '@dossier/shared';

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

/**
 * What the nav shows (ADR 0246): a signed-out visitor (a shared link, the landing, a legal page)
 * sees none of the members' pages, only the brand and Sign in. While the session is still being
 * restored the items stay, so a member's nav does not flicker on every load.
 */
export function visibleNavItems(items: NavItem[], status: AuthStatus): NavItem[] {
  return status === 'signed-out' ? items.filter((item) => !item.requiresAuth) : items;
}
