import type { SupabaseClient } from '@supabase/supabase-js';
import { REMOTE_REGISTRY, registerArea, type AreaRegistration, type NavItem, type RemoteModule, type RemoteName } from '@dossier/shared/contract';
import { createFakeServices, fakeAppConfig } from './fake-services';

const navKey = (item: NavItem) => JSON.stringify([item.label, item.path, item.order ?? null, Boolean(item.requiresAuth)]);

/** The members of `a` not in `b`. */
const missing = (a: readonly string[], b: readonly string[]) => a.filter((item) => !b.includes(item));

/**
 * Where what an area registered differs from what the registry says of it (ADR 0430). The shell
 * routes, lists in the nav and names widgets from the registry before the area loads, so a
 * difference is a page the shell never routes to, a nav entry that changes when the area loads, or
 * a widget the shell looks for in the wrong area. Each remote's own test asserts this is empty.
 */
export function registryDrift(area: RemoteName, registered: Pick<AreaRegistration, 'routes' | 'nav' | 'widgets'>): string[] {
  const entry = REMOTE_REGISTRY[area];
  const paths = registered.routes.map((route) => route.path);
  // A sub-path pattern is '<prefix>/*' (the router's splat): it covers the paths below the prefix.
  const underSubPath = (path: string) => entry.subPaths.some((pattern) => path.startsWith(pattern.replace(/\*$/, '')));
  const nav = registered.nav.map(navKey);
  const listedNav = entry.nav.map(navKey);
  const widgets = Object.keys(registered.widgets);
  return [
    ...missing(paths, entry.paths)
      .filter((path) => !underSubPath(path))
      .map((path) => `${area} registers the path ${path}, which the registry does not list`),
    ...missing(entry.paths, paths).map((path) => `the registry lists the path ${path} for ${area}, which it does not register`),
    ...missing(nav, listedNav).map((item) => `${area} registers the nav entry ${item}, which the registry does not list`),
    ...missing(listedNav, nav).map((item) => `the registry lists the nav entry ${item} for ${area}, which it does not register`),
    ...missing(widgets, entry.widgets).map((name) => `${area} offers the widget ${name}, which the registry does not list`),
    ...missing(entry.widgets, widgets).map((name) => `the registry lists the widget ${name} for ${area}, which it does not offer`),
  ];
}

/**
 * Runs an area's real `register` step against fake services and returns its drift from the registry
 * (empty when the two agree). Drive is switched off so no background work starts in the test.
 */
export function areaRegistryDrift(area: RemoteName, module: RemoteModule): string[] {
  // No client: a register step only adds things, it calls no API.
  const services = createFakeServices({ config: fakeAppConfig({ drive: { ...fakeAppConfig().drive, enabled: false } }), supabase: {} as SupabaseClient });
  return registryDrift(area, registerArea(module, { services, auth: () => services.auth }));
}
