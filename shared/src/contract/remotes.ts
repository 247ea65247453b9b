import { REMOTE_NAMES, REMOTE_REGISTRY, type RemoteName } from './app-config';

const fromRegistry = <T>(pick: (name: RemoteName) => T): Readonly<Record<RemoteName, T>> =>
  Object.fromEntries(REMOTE_NAMES.map((name) => [name, pick(name)])) as Record<RemoteName, T>;

/**
 * Module Federation container name of each remote (its `name` in module-federation.config and
 * the first segment of `loadRemote('<container>/Module')`). Distinct from app-config keys so no
 * container global can collide with a browser global. From registry.json.
 */
export const REMOTE_CONTAINERS = fromRegistry((name) => REMOTE_REGISTRY[name].container);

/** How a person names each area (error screens, nav fallbacks). From registry.json. */
export const AREA_LABELS = fromRegistry((name) => REMOTE_REGISTRY[name].label);

/** Widget names are prefixed by the area that offers them ('documents.recent' → documents). */
export const WIDGET_PREFIXES: Readonly<Record<string, RemoteName>> = Object.fromEntries(
  REMOTE_NAMES.flatMap((name) => {
    const prefix = REMOTE_REGISTRY[name].widgetPrefix;
    return prefix ? [[prefix, name]] : [];
  }),
);

/**
 * Which area replays each type of queued offline operation. When the queue holds an operation
 * whose area has not loaded yet (a reload on /settings while offline), the shell loads that area
 * so its `register` step adds the handler — an upload completes on any page.
 */
export const PENDING_OPERATION_OWNERS: Readonly<Record<string, RemoteName>> = {
  'document-upload': 'documents',
};

export type RemoteLoadState = 'idle' | 'loading' | 'loaded' | 'failed' | 'refused';

/** What the shell knows about one remote (shown by the diagnostics pages). */
export interface RemoteStatus {
  name: RemoteName;
  manifestUrl: string;
  state: RemoteLoadState;
  contractVersion?: string;
  release?: string;
  /** Classified text of the last failure. */
  error?: string;
  /** ms since epoch */
  changedAt: number;
}

export interface RemoteStatusApi {
  list(): RemoteStatus[];
  subscribe(listener: () => void): () => void;
}
