import type { NavItem } from './remote-module';
import registry from './registry.json';

/**
 * The typed view of registry.json, the one registry of areas (docs/decisions/0140, 0430). Data
 * only — no runtime imports besides the JSON — so the shell's light landing and Node tools read it
 * without the contract's code. Everything the shell must know of an area before that area's code
 * loads (issue 24) is here: its paths, its nav entries and the names of the widgets it offers.
 */

/** The names of the remotes, as keys of app-config.json's `remotes` (registry.json). */
export type RemoteName = 'documents' | 'portfolios' | 'driveImport' | 'account' | 'debug';

/** One remote in the registry (shared/src/contract/registry.json). */
export interface RemoteEntry {
  /** Module Federation container name (`loadRemote('<container>/Module')`). */
  container: string;
  /** Nx project and dist/ folder. */
  project: string;
  /** Local port (dev server and static host). */
  port: number;
  /** Environment variable that overrides its manifest URL. */
  env: string;
  /** How a person names the area (error screens, nav fallbacks). */
  label: string;
  /** The standalone page's title. */
  title: string;
  /** Prefix of the widget names the area offers ('documents.recent'), or null. */
  widgetPrefix: string | null;
  /** Exactly the paths the area's `register` adds (a contract test holds them equal). */
  paths: readonly string[];
  /**
   * Patterns the shell also routes to the area (`/documents/*`), so it can add sub-pages without a
   * shell release; the area may register paths under them that `paths` does not list.
   */
  subPaths: readonly string[];
  /** Exactly the nav entries the area's `register` adds; the shell shows them until it has loaded. */
  nav: readonly NavItem[];
  /** Exactly the widget names the area's `register` offers. */
  widgets: readonly string[];
}

/** The one registry of remotes: everything else is derived from it. */
export const REMOTE_REGISTRY: Readonly<Record<RemoteName, RemoteEntry>> = registry.remotes;

/** Defaults of a local instance (ports, demo anon key, emulator addresses). */
export const LOCAL_DEFAULTS: Readonly<typeof registry.local> = registry.local;

export const REMOTE_NAMES = Object.keys(REMOTE_REGISTRY) as readonly RemoteName[];

/** The page addresses each area owns (`:param` segments, `/*` prefixes), as the shell routes them. */
export const AREA_PATHS: Readonly<Record<RemoteName, readonly string[]>> = Object.fromEntries(
  REMOTE_NAMES.map((name) => [name, [...REMOTE_REGISTRY[name].paths, ...REMOTE_REGISTRY[name].subPaths]] as const),
) as Record<RemoteName, readonly string[]>;

/**
 * Whether a page address is one a route pattern names, matched as the router matches
 * (case-insensitive, a trailing slash ignored, `:param` one segment, `/*` the prefix and anything
 * below it) but without the router's code: main.ts asks before any shared module is negotiated,
 * and an area's module asks while it is evaluated (issue 24, ADR 0482).
 */
export function pathMatches(pattern: string, pathname: string): boolean {
  const have = pathname.toLowerCase().split('/').filter(Boolean);
  const want = pattern.toLowerCase().split('/').filter(Boolean);
  const splat = want.at(-1) === '*';
  const fixed = splat ? want.slice(0, -1) : want;
  if (splat ? have.length < fixed.length : have.length !== fixed.length) return false;
  return fixed.every((part, i) => part.startsWith(':') || part === have[i]);
}

/** The area that owns a page address, or undefined (the shell's own pages). */
export function areaOfPath(pathname: string): RemoteName | undefined {
  return REMOTE_NAMES.find((name) => AREA_PATHS[name].some((pattern) => pathMatches(pattern, pathname)));
}

/** The area that offers a widget, by the widget's prefix ('documents.recent' → documents), or undefined. */
export function areaOfWidget(name: string): RemoteName | undefined {
  const prefix = name.split('.')[0];
  return REMOTE_NAMES.find((area) => REMOTE_REGISTRY[area].widgetPrefix === prefix);
}
