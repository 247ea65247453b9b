// Free of the contract's code (the registry's data only): the light landing of `/`
// (landing-start.tsx) reads it too.
import type { AuthStatus, NavItem } from '@dossier/shared';
import { REMOTE_NAMES, REMOTE_REGISTRY, type RemoteName } from '@dossier/registry';

/** The shell's own nav, and what stands for an area's nav until that area has loaded. */
export const SHELL_NAV: NavItem[] = [{ label: 'Dashboard', path: '/dashboard', order: 0, requiresAuth: true }];

/** Each area's nav entries from the registry (ADR 0430): what the area registers, shown before it loads. */
export const AREA_NAV_FALLBACK: Readonly<Record<RemoteName, NavItem[]>> = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, REMOTE_REGISTRY[name].nav.map((item) => ({ ...item }))] as const),
) as Record<RemoteName, NavItem[]>;

/**
 * What the nav shows (ADR 0246): a signed-out visitor (a shared link, the landing, a legal page)
 * sees none of the members' pages, only the brand and Sign in. While the session is still being
 * restored the items stay, so a member's nav does not flicker on every load.
 */
export function visibleNavItems(items: NavItem[], status: AuthStatus): NavItem[] {
  return status === 'signed-out' ? items.filter((item) => !item.requiresAuth) : items;
}
