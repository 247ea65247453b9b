import type { RemoteName } from './app-config';

/**
 * Module Federation container name of each remote (its `name` in module-federation.config and
 * the first segment of `loadRemote('<container>/Module')`). Distinct from app-config keys so no
 * container global can collide with a browser global.
 */
export const REMOTE_CONTAINERS: Readonly<Record<RemoteName, string>> = {
  documents: 'dossier_documents',
  portfolios: 'dossier_portfolios',
  driveImport: 'dossier_drive_import',
  account: 'dossier_account',
  debug: 'dossier_debug',
};

/** How a person names each area (error screens, nav fallbacks). */
export const AREA_LABELS: Readonly<Record<RemoteName, string>> = {
  documents: 'Documents',
  portfolios: 'Portfolios',
  driveImport: 'Drive import',
  account: 'Account',
  debug: 'Diagnostics',
};

/** Widget names are prefixed by the area that offers them ('documents.recent' → documents). */
export const WIDGET_PREFIXES: Readonly<Record<string, RemoteName>> = {
  documents: 'documents',
  portfolios: 'portfolios',
  drive: 'driveImport',
  account: 'account',
};

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
