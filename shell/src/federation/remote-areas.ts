import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import {
  CONTRACT_VERSION,
  REMOTE_CONTAINERS,
  REMOTE_NAMES,
  contractMajor,
  type AppConfig,
  type RemoteModule,
  type RemoteName,
  type RemoteStatus,
  type RemoteStatusApi,
} from '@dossier/shared';
import { ContractVersionError, RemoteLoadError, classifyError, pause } from '@dossier/shared/core';

/**
 * The shell's knowledge of its remotes: where they are (from app-config.json, registered at
 * runtime), loading each one on demand, refusing a remote built for another contract major, and
 * keeping the failure of one remote inside its own area.
 */

export interface RemoteAreas extends RemoteStatusApi {
  /** Loads the area's `./Module` (once; again after a failure). `force` re-reads its manifest. */
  load(name: RemoteName, options?: { force?: boolean }): Promise<RemoteModule>;
  /** The module, if already loaded. */
  loaded(name: RemoteName): RemoteModule | undefined;
  enabled(name: RemoteName): boolean;
}

export interface RemoteLoader {
  register(remotes: { name: string; entry: string }[], force: boolean): void;
  load(id: string): Promise<unknown>;
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
  };
}

/** One automatic retry of a failed load (the error screen offers three more). */
const AUTOMATIC_RETRY_DELAY_MS = 500;

export function createRemoteAreas(config: AppConfig, loader: RemoteLoader, options: { automaticRetry?: boolean } = {}): RemoteAreas {
  const names = REMOTE_NAMES.filter((name) => (name === 'debug' ? config.features.debugRoutes : Boolean(config.remotes[name])));
  const statuses = new Map<RemoteName, RemoteStatus>(
    names.map((name) => [name, { name, manifestUrl: config.remotes[name], state: 'idle', changedAt: Date.now() }]),
  );
  const modules = new Map<RemoteName, RemoteModule>();
  const pending = new Map<RemoteName, Promise<RemoteModule>>();
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

  async function loadOnce(name: RemoteName): Promise<RemoteModule> {
    let exported: unknown;
    try {
      exported = await loader.load(`${REMOTE_CONTAINERS[name]}/Module`);
    } catch (error) {
      throw new RemoteLoadError(name, error);
    }
    const module = ((exported as { default?: unknown })?.default ?? exported) as RemoteModule | undefined;
    if (!module || typeof module.contractVersion !== 'string' || !Array.isArray(module.routes)) {
      throw new RemoteLoadError(name, new Error('./Module does not export a RemoteModule'));
    }
    if (contractMajor(module.contractVersion) !== contractMajor(CONTRACT_VERSION)) {
      throw new ContractVersionError(name, CONTRACT_VERSION, module.contractVersion);
    }
    return module;
  }

  async function loadWithRetry(name: RemoteName, force: boolean): Promise<RemoteModule> {
    if (force) loader.register(entries([name]), true);
    try {
      return await loadOnce(name);
    } catch (error) {
      if (!options.automaticRetry || error instanceof ContractVersionError) throw error;
      await pause(AUTOMATIC_RETRY_DELAY_MS);
      loader.register(entries([name]), true);
      return loadOnce(name);
    }
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
          const refused = error instanceof ContractVersionError;
          setStatus(name, {
            state: refused ? 'refused' : 'failed',
            contractVersion: refused ? error.actual : undefined,
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
