import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_REGISTRY, areaOfPath } from '@dossier/registry';
import { isHttpUrl, type EarlyAppConfig } from '../config/early-app-config';

/**
 * The area an address names starts downloading as soon as `app-config.json` has answered, beside
 * the shell's own boot chunks, instead of after them (issue 24, ADR 0482). On the phone profile the
 * area's manifest, `remoteEntry.js` and page chunks are three round trips that used to start only
 * once the shell had booted (~4 s): they were the last hops before the first document row.
 *
 * Nothing is decided here: the module is only fetched and evaluated. The shell's remote areas
 * (remote-areas.ts) still load it through the same runtime — which hands back this load, in flight
 * or done — judge its contract and shared versions, and run its `register` step, so a refused or
 * broken area fails in its own place exactly as before. A failure here is dropped: the runtime
 * forgets a failed manifest or entry, and the shell's own load reports it and retries.
 *
 * Kept to data imports (`@dossier/registry`, not a shared module) and the federation runtime the
 * shell already runs, so main.ts can call it before any shared module is negotiated.
 */
export interface EarlyAreaRuntime {
  registerRemotes(remotes: { name: string; entry: string }[]): void;
  loadRemote(id: string): Promise<unknown>;
}

const federationRuntime: EarlyAreaRuntime = { registerRemotes: (remotes) => registerRemotes(remotes), loadRemote };

/** Returns the early load (for tests); it never rejects. */
export function startAreaEarly(appConfig: Promise<EarlyAppConfig | null>, pathname: string, runtime: EarlyAreaRuntime = federationRuntime): Promise<void> {
  const area = areaOfPath(pathname);
  if (!area) return Promise.resolve();
  return appConfig
    .then((config) => {
      const entry = config?.remotes?.[area];
      // The diagnostics area is loaded only where the config enables its pages (remote-areas.ts).
      if (!isHttpUrl(entry) || (area === 'debug' && config?.features?.debugRoutes !== true)) return;
      const container = REMOTE_REGISTRY[area].container;
      runtime.registerRemotes([{ name: container, entry }]);
      return runtime.loadRemote(`${container}/Module`).then(() => undefined);
    })
    .catch(() => undefined);
}
