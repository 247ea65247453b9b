import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  REMOTE_CONTAINERS,
  REMOTE_NAMES,
  contractMajor,
  registerArea,
  unmetSharedRequirements,
  type AppConfig,
  type AreaHost,
  type AreaRegistration,
  type RemoteModule,
  type RemoteName,
  type RemoteStatus,
  type RemoteStatusApi,
} from '@dossier/shared';
import { BUILD } from '@dossier/build';
import { ContractVersionError, RemoteLoadError, SharedVersionError, classifyError, fixedRetryPolicy, withRetry } from '@dossier/shared/core';

/**
 * The shell's knowledge of its remotes: where they are (from app-config.json, registered at
 * runtime), loading each one on demand, refusing a remote built for another contract major, and
 * keeping the failure of one remote inside its own area.
 */

export interface RemoteAreas extends RemoteStatusApi {
  /**
   * Loads the area's `./Module` (once; again after a failure), accepts or refuses it, and runs its
   * `register` step. `force` re-reads its manifest.
   */
  load(name: RemoteName, options?: { force?: boolean }): Promise<AreaRegistration>;
  /** What the area registered, if it has loaded. */
  loaded(name: RemoteName): AreaRegistration | undefined;
  enabled(name: RemoteName): boolean;
}

export interface RemoteLoader {
  register(remotes: { name: string; entry: string }[], force: boolean): void;
  load(id: string): Promise<unknown>;
  /**
   * Starts fetching a container's `./Module` chunks beside its remoteEntry.js (hints from its
   * mf-manifest.json), instead of after it. Never fails: `load` reports.
   */
  preload?(container: string): void;
}

/** The Module Federation runtime the shell's build set up (no remotes at build time). */
export function federationLoader(onLoadError?: (id: string, error: unknown) => void): RemoteLoader {
  registerPlugins([
    {
      name: 'dossier-area-errors',
      // Returning nothing lets loadRemote reject; the area's screen shows the failure, the
      // rest of the app never sees it.
      errorLoadRemote({ id, error }) {
        onLoadError?.(id, error);
        return undefined;
      },
    },
  ]);
  return {
    register: (remotes, force) => registerRemotes(remotes, { force }),
    load: (id) => loadRemote(id),
    preload: (container) => void preloadRemote([{ nameOrAlias: container, exposes: ['./Module'], resourceCategory: 'sync' }]).catch(() => undefined),
  };
}

/**
 * One automatic retry of a failed load, 500 ms later (the error screen offers three more); a
 * refused remote (another contract major, unmet shared versions) is not retried.
 */
const AUTOMATIC_RETRY = fixedRetryPolicy({
  attempts: 2,
  delaysMs: [500],
  shouldRetry: (error) => !(error instanceof ContractVersionError || error instanceof SharedVersionError),
});

/** What the shell itself was built with: the versions a remote is judged against. */
export interface ShellBuild {
  contractVersion: string;
  sharedVersions: Record<string, string>;
}

export function createRemoteAreas(
  config: AppConfig,
  loader: RemoteLoader,
  options: {
    automaticRetry?: boolean;
    shell?: ShellBuild;
    /** What an area's `register` step receives (late-bound: the services need the areas first). */
    host?: () => Pick<AreaHost, 'services' | 'auth'> | undefined;
  } = {},
): RemoteAreas {
  const shell: ShellBuild = options.shell ?? { contractVersion: BUILD.contractVersion, sharedVersions: BUILD.sharedVersions };
  const names = REMOTE_NAMES.filter((name) => Boolean(config.remotes[name]) && (name !== 'debug' || config.features.debugRoutes));
  const statuses = new Map<RemoteName, RemoteStatus>(
    names.map((name) => [name, { name, manifestUrl: config.remotes[name], state: 'idle', changedAt: Date.now() }]),
  );
  const modules = new Map<RemoteName, AreaRegistration>();
  const pending = new Map<RemoteName, Promise<AreaRegistration>>();
  const listeners = new Set<() => void>();
  // A stable array between changes, so React's useSyncExternalStore can read it.
  let snapshot = [...statuses.values()];
  const setStatus = (name: RemoteName, patch: Partial<RemoteStatus>) => {
    const current = statuses.get(name);
    if (!current) return;
    statuses.set(name, { ...current, ...patch, changedAt: Date.now() });
    snapshot = [...statuses.values()];
    listeners.forEach((listener) => listener());
  };
  const entries = (list: RemoteName[]) => list.map((name) => ({ name: REMOTE_CONTAINERS[name], entry: config.remotes[name] }));

  loader.register(entries(names), false);

  async function loadOnce(name: RemoteName): Promise<AreaRegistration> {
    let exported: unknown;
    // Issue 24: the manifest names the entry and the chunks of ./Module; fetch them side by side.
    loader.preload?.(REMOTE_CONTAINERS[name]);
    try {
      exported = await loader.load(`${REMOTE_CONTAINERS[name]}/Module`);
    } catch (error) {
      throw new RemoteLoadError(name, error);
    }
    const module = ((exported as { default?: unknown })?.default ?? exported) as RemoteModule | undefined;
    if (!module || typeof module.contractVersion !== 'string') {
      throw new RemoteLoadError(name, new Error('./Module does not export a RemoteModule'));
    }
    if (contractMajor(module.contractVersion) !== contractMajor(shell.contractVersion)) {
      throw new ContractVersionError(name, shell.contractVersion, module.contractVersion);
    }
    const unmet = unmetSharedRequirements(module.sharedRequirements, shell.sharedVersions);
    if (unmet.length > 0) throw new SharedVersionError(name, unmet);
    if (typeof module.register !== 'function') throw new RemoteLoadError(name, new Error('./Module has no register step'));
    const host = options.host?.();
    if (!host) throw new RemoteLoadError(name, new Error('the shell has no host for areas yet'));
    return registerArea(module, host);
  }

  async function loadWithRetry(name: RemoteName, force: boolean): Promise<AreaRegistration> {
    if (force) loader.register(entries([name]), true);
    if (!options.automaticRetry) return loadOnce(name);
    return withRetry((attempt) => {
      // The runtime may hold the broken manifest: the retry reads it afresh.
      if (attempt > 1) loader.register(entries([name]), true);
      return loadOnce(name);
    }, AUTOMATIC_RETRY);
  }

  return {
    enabled: (name) => statuses.has(name),
    loaded: (name) => modules.get(name),
    load(name, { force = false } = {}) {
      if (!statuses.has(name)) return Promise.reject(new RemoteLoadError(name, new Error(`${name} is not configured`)));
      const done = modules.get(name);
      if (done && !force) return Promise.resolve(done);
      const inFlight = pending.get(name);
      if (inFlight && !force) return inFlight;
      // After a failure the runtime may hold the broken manifest: re-register to read it afresh.
      const afterFailure = statuses.get(name)?.state === 'failed';
      setStatus(name, { state: 'loading', error: undefined });
      const promise = loadWithRetry(name, force || afterFailure).then(
        (module) => {
          modules.set(name, module);
          pending.delete(name);
          setStatus(name, { state: 'loaded', contractVersion: module.contractVersion, release: module.release });
          return module;
        },
        (error: unknown) => {
          pending.delete(name);
          const refused = error instanceof ContractVersionError || error instanceof SharedVersionError;
          setStatus(name, {
            state: refused ? 'refused' : 'failed',
            contractVersion: error instanceof ContractVersionError ? error.actual : undefined,
            error: refused ? error.message : classifyError(error).userMessage,
          });
          throw error;
        },
      );
      pending.set(name, promise);
      return promise;
    },
    list: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
