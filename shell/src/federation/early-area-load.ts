import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { REMOTE_REGISTRY, areaOfPath, areaOfWidget, pathMatches, type RemoteName } from '@dossier/registry';
import { isHttpUrl, type EarlyAppConfig } from '../config/early-app-config';
import { DASHBOARD_NOTICES, DASHBOARD_WIDGETS } from '../features/dashboard/dashboard-widgets';
import { usableStoredSession } from '../first-data/stored-session';

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
 * A signed-in `/dashboard` (a session supabase-js would use is stored) starts the areas of the
 * dashboard's widgets the same way (ADR 0491): the page is the shell's own, but what it shows
 * comes from four areas, and each widget waited for its area's manifest, entry and module after
 * the shell's boot and the dashboard's own chunk. A visitor, who is sent to /auth, starts none.
 *
 * Kept to data imports (`@dossier/registry`, the dashboard's widget list, not a shared module)
 * and the federation runtime the shell already runs, so main.ts can call it before any shared
 * module is negotiated.
 */
export interface EarlyAreaRuntime {
  registerRemotes(remotes: { name: string; entry: string }[]): void;
  loadRemote(id: string): Promise<unknown>;
}

const federationRuntime: EarlyAreaRuntime = { registerRemotes: (remotes) => registerRemotes(remotes), loadRemote };

/** The areas of the dashboard's cards, then of its notices, each once: the cards' first, as most of the page is theirs. */
export const DASHBOARD_AREAS: readonly RemoteName[] = [
  ...new Set([...DASHBOARD_WIDGETS.map((widget) => widget.name), ...DASHBOARD_NOTICES].flatMap((name) => areaOfWidget(name) ?? [])),
];

export interface EarlyAreaOptions {
  runtime?: EarlyAreaRuntime;
  /** Where supabase-js keeps the session (the page's localStorage). */
  storage?: Pick<Storage, 'getItem'>;
  now?: () => number;
}

/** Returns the early load (for tests); it never rejects. */
export function startAreaEarly(appConfig: Promise<EarlyAppConfig | null>, pathname: string, options: EarlyAreaOptions = {}): Promise<void> {
  const runtime = options.runtime ?? federationRuntime;
  const owner = areaOfPath(pathname);
  // The registry's one matcher of addresses (ADR 0482), as the shell's route table reads them.
  const dashboard = pathMatches('/dashboard', pathname);
  if (!owner && !dashboard) return Promise.resolve();
  return appConfig
    .then((config) => {
      const signedIn = () => {
        const storage = options.storage ?? (typeof window === 'undefined' ? undefined : window.localStorage);
        return Boolean(storage && isHttpUrl(config?.supabaseUrl) && usableStoredSession(storage, config.supabaseUrl, (options.now ?? Date.now)()));
      };
      const areas = owner ? [owner] : signedIn() ? DASHBOARD_AREAS : [];
      // The diagnostics area is loaded only where the config enables its pages (remote-areas.ts).
      const started = areas.flatMap((area) => {
        const entry = config?.remotes?.[area];
        if (!isHttpUrl(entry) || (area === 'debug' && config?.features?.debugRoutes !== true)) return [];
        return [{ name: REMOTE_REGISTRY[area].container, entry }];
      });
      if (started.length === 0) return;
      runtime.registerRemotes(started);
      return Promise.all(started.map(({ name }) => runtime.loadRemote(`${name}/Module`).catch(() => undefined))).then(() => undefined);
    })
    .catch(() => undefined);
}
