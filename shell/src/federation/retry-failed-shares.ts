import { registerGlobalPlugins } from '@module-federation/runtime-core';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** A shared module's entry in the share scope map, as far as a failed load leaves it. */
interface ShareEntry {
  loaded?: boolean;
  loading?: Promise<unknown> | null;
}
type ShareScopeMap = Record<string, Record<string, Record<string, ShareEntry>> | undefined>;

/**
 * Forgets a shared module's failed load, so the next request for it downloads it again.
 *
 * The federation runtime keeps the promise of a shared module's load in the share scope and hands
 * it to every later request; when that load failed (a phone's connection dropped while the legal
 * texts or an overlay's code came), every Try Again got the same failure until the page was
 * reloaded. A load that succeeded is never touched.
 */
export function forgetFailedShare(shareScopeMap: ShareScopeMap, pkgName: string): void {
  for (const scope of Object.values(shareScopeMap)) {
    for (const entry of Object.values(scope?.[pkgName] ?? {})) {
      if (!entry.loaded && entry.loading) entry.loading = null;
    }
  }
}

let registeredForAreas = false;

export default function retryFailedShares(): ModuleFederationRuntimePlugin {
  const plugin: ModuleFederationRuntimePlugin = {
    name: 'dossier-retry-failed-shares',
    beforeInit(args) {
      // Each area's container has its own runtime instance, created later: it gets this plugin too.
      if (!registeredForAreas) {
        registeredForAreas = true;
        registerGlobalPlugins([plugin]);
      }
      return args;
    },
    errorLoadShare(args) {
      const { pkgName, shareScopeMap } = args as unknown as { pkgName: string; shareScopeMap?: ShareScopeMap };
      if (shareScopeMap) forgetFailedShare(shareScopeMap, pkgName);
      return args;
    },
  };
  return plugin;
}
