import type { PendingOperation } from '@dossier/shared/contract';

/** SPEC §7 service-worker message protocol, page → worker. */
export type PageToWorkerMessage =
  | { type: 'REGISTER_BACKGROUND_SYNC'; tag: string }
  | { type: 'STORE_PENDING_OPERATION'; operation: Partial<PendingOperation> & { type: string } }
  | { type: 'CLEAR_OAUTH_CACHE' }
  | { type: 'OAUTH_HEALTH_CHECK' }
  /** Not in SPEC: the "Update available — reload" toast's action activates the waiting worker. */
  | { type: 'SKIP_WAITING' };

/** SPEC §7 service-worker message protocol, worker → page. */
export type WorkerToPageMessage =
  | { type: 'BACKGROUND_SYNC_RESULT'; tag: string; pending: number }
  | { type: 'SW_UPDATE_AVAILABLE'; version: string }
  | { type: 'OAUTH_HEALTH_STATUS'; healthy: boolean; cachedAuthResponses: number; version: string }
  | { type: 'OAUTH_CACHE_CLEARED'; removed: number }
  | { type: 'BACKGROUND_SYNC_REGISTERED'; tag: string; supported: boolean };

/**
 * Cache names, versioned: a new worker deletes every `dossier-*` cache not listed here.
 * This module is part of the worker's bundle, which must not import `@dossier/shared` (a Module
 * Federation shared module cannot load inside a worker), so the API cache's name is written out
 * here and sw-messages.test.ts holds it equal to API_FALLBACK_CACHE in shared/src/core/limits.ts.
 */
export const SW_CACHE_VERSION = 'v1';
export const SW_CACHES = {
  precache: `dossier-precache-${SW_CACHE_VERSION}`,
  config: `dossier-config-${SW_CACHE_VERSION}`,
  remoteEntries: `dossier-remote-entries-${SW_CACHE_VERSION}`,
  remoteChunks: `dossier-remote-chunks-${SW_CACHE_VERSION}`,
  /** SPEC §7: the versioned API fallback cache, version 2. */
  apiFallback: 'dossier-api-fallback-v2',
} as const;

export function isWorkerMessage(data: unknown): data is WorkerToPageMessage {
  return typeof data === 'object' && data !== null && typeof (data as { type?: unknown }).type === 'string';
}
