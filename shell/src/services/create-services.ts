import { createClient } from '@supabase/supabase-js';
import { detectSupabaseSessionInUrl, startAuthEvents } from '../features/auth/start';
import { PENDING_OPERATION_OWNERS, type AppConfig, type AreaHost, type DossierServices } from '@dossier/shared';
import { createErrorLog } from '@dossier/shared/core';
import { createRemoteAreas, federationLoader, type RemoteAreas } from '../federation/remote-areas';
import { createAuthStore, type AuthStore } from './auth-store';
import { createQueryClient, persistQueryCache } from '@dossier/shared/core/query';
import { createWidgetRegistry } from './widget-registry';
import type { ShellPart } from './shell-part';
// The replaceable parts: each is one import line (see shell-part.ts).
import { createToasts } from '../features/toasts';
import { createPendingOperations } from '../features/pending-operations';
import { createDevice } from '../features/device';
import { createServiceWorkerPart } from '../features/pwa/service-worker-part';
import { withEarlyLibraryPage } from '../first-data/early-library-page';

export interface ShellServices {
  /** Everything but `auth`, which changes over time (see ServicesRoot). */
  base: Omit<DossierServices, 'auth'>;
  authStore: AuthStore;
  areas: RemoteAreas;
  supabase: DossierServices['auth']['supabase'];
  /** What the shell renders for the replaceable parts (toast viewport, badges). */
  overlays: NonNullable<ShellPart<unknown>['Overlay']>[];
}

/** Builds the services the shell provides to every area (DossierServicesProvider). */
export function createServices(config: AppConfig, options: { skipSessionCheck?: boolean } = {}): ShellServices {
  const errors = createErrorLog();
  // What each area's `register` step receives; bound below, once the services exist.
  const host: { current?: Pick<AreaHost, 'services' | 'auth'> } = {};
  const areas = createRemoteAreas(
    config,
    federationLoader((id, error) => errors.report(error, { remote: id })),
    { automaticRetry: true, host: () => host.current },
  );
  // The library's first page may already be on its way (main.ts, ADR 0483): its first identical request gets that answer.
  const supabase = createClient(config.supabaseUrl, config.supabaseAnonKey, { auth: { detectSessionInUrl: detectSupabaseSessionInUrl }, global: { fetch: withEarlyLibraryPage() } });
  startAuthEvents(supabase, { onError: (error) => errors.report(error, { feature: 'onboarding' }) });
  const authStore = createAuthStore(supabase, { skipSessionCheck: options.skipSessionCheck });
  const toasts = createToasts();
  const pendingOperations = createPendingOperations({
    // A queued operation whose area has not loaded: load it, its register step adds the handler.
    async loadHandler(type) {
      const owner = PENDING_OPERATION_OWNERS[type];
      if (owner && areas.enabled(owner)) await areas.load(owner);
    },
  });
  const device = createDevice();
  const serviceWorker = createServiceWorkerPart({ onBackgroundSync: () => void pendingOperations.api.flush() });
  const queryClient = createQueryClient();
  // The library and portfolios as last seen, for an offline reload (ADR 0121).
  persistQueryCache(queryClient, { getSnapshot: authStore.getSnapshot, subscribe: authStore.subscribe }, { buster: 'dossier-query-cache-1', onError: (error) => errors.report(error, { feature: 'offline-cache' }) });
  const base: ShellServices['base'] = {
    config,
    toasts: toasts.api,
    queryClient,
    widgets: createWidgetRegistry(areas),
    errors,
    pendingOperations: pendingOperations.api,
    device: device.api,
    remotes: areas,
  };
  host.current = { services: base, auth: () => ({ ...authStore.getSnapshot(), supabase, signOut: authStore.signOut }) };
  return {
    base,
    authStore,
    areas,
    supabase,
    overlays: [toasts.Overlay, pendingOperations.Overlay, serviceWorker.Overlay, device.Overlay].filter((overlay) => overlay !== undefined),
  };
}
