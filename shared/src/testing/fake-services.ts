import { QueryClient } from '@tanstack/react-query';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type {
  AppConfig,
  AuthApi,
  DeviceApi,
  DossierServices,
  PendingOperation,
  PendingOperationHandler,
  PendingOperationsApi,
  ToastApi,
  ToastOptions,
  ToastSystem,
  WidgetComponent,
  WidgetRegistry,
} from '@dossier/shared/contract';
import { createErrorLog } from '@dossier/shared/core';

/** The local stack's public demo anon key (Supabase CLI default; never a secret). */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export function fakeAppConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    supabaseUrl: 'http://127.0.0.1:54321',
    supabaseAnonKey: LOCAL_ANON_KEY,
    remotes: {
      documents: 'http://127.0.0.1:4201/mf-manifest.json',
      portfolios: 'http://127.0.0.1:4202/mf-manifest.json',
      driveImport: 'http://127.0.0.1:4203/mf-manifest.json',
      account: 'http://127.0.0.1:4204/mf-manifest.json',
      debug: 'http://127.0.0.1:4205/mf-manifest.json',
    },
    drive: {
      enabled: true,
      clientId: 'dossier-local-client',
      apiKey: 'dossier-local-api-key',
      apiBaseUrl: 'http://127.0.0.1:54330/drive/v3',
      authUrl: 'http://127.0.0.1:54330/o/oauth2/v2/auth',
    },
    features: { debugRoutes: true },
    ...overrides,
  };
}

/** A toast system that keeps toasts in memory; `toasts` shows what a person would see. */
export function createMemoryToastSystem(): ToastSystem & { toasts: ToastOptions[] } {
  let counter = 0;
  const system = {
    toasts: [] as ToastOptions[],
    add(options: ToastOptions) {
      const id = options.id ?? `toast-${++counter}`;
      system.toasts = [...system.toasts.filter((t) => t.id !== id), { ...options, id }];
      return id;
    },
    update(id: string, options: Partial<ToastOptions>) {
      system.toasts = system.toasts.map((t) => (t.id === id ? { ...t, ...options } : t));
    },
    dismiss(id?: string) {
      system.toasts = id ? system.toasts.filter((t) => t.id !== id) : [];
    },
    remove(id?: string) {
      system.toasts = id ? system.toasts.filter((t) => t.id !== id) : [];
    },
  };
  return system;
}

export function createMemoryToasts(): ToastApi & { stacked: ReturnType<typeof createMemoryToastSystem>; single: ReturnType<typeof createMemoryToastSystem> } {
  return { stacked: createMemoryToastSystem(), single: createMemoryToastSystem() };
}

/** Pending operations kept in memory (the shell's real queue lives in IndexedDB). */
export function createMemoryPendingOperations(): PendingOperationsApi {
  let queue: PendingOperation[] = [];
  const handlers = new Map<string, PendingOperationHandler>();
  const listeners = new Set<(operations: PendingOperation[]) => void>();
  let counter = 0;
  const changed = () => listeners.forEach((listener) => listener(queue));
  return {
    async enqueue<P>(type: string, payload: P) {
      const operation: PendingOperation<P> = { id: `op-${Date.now()}-${++counter}`, type, timestamp: Date.now(), retryCount: 0, payload };
      queue = [...queue, operation];
      changed();
      return operation;
    },
    async list(type?: string) {
      return type ? queue.filter((op) => op.type === type) : queue;
    },
    async remove(id: string) {
      queue = queue.filter((op) => op.id !== id);
      changed();
    },
    registerHandler<P>(type: string, handler: PendingOperationHandler<P>) {
      handlers.set(type, handler as PendingOperationHandler);
      return () => handlers.delete(type);
    },
    async flush() {
      let succeeded = 0;
      let failed = 0;
      for (const operation of queue) {
        const handler = handlers.get(operation.type);
        if (!handler) continue;
        try {
          await handler(operation);
          queue = queue.filter((op) => op.id !== operation.id);
          succeeded++;
        } catch {
          queue = queue.map((op) => (op.id === operation.id ? { ...op, retryCount: op.retryCount + 1 } : op));
          failed++;
        }
      }
      changed();
      return { succeeded, failed };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function createFakeDevice(overrides: Partial<DeviceApi> = {}): DeviceApi {
  return {
    features: () => ({
      share: false,
      shareFiles: false,
      notifications: false,
      serviceWorker: false,
      backgroundSync: false,
      camera: false,
      geolocation: false,
      vibration: false,
      clipboard: false,
      indexedDb: typeof indexedDB !== 'undefined',
      installPrompt: false,
      standalone: false,
    }),
    network: () => ({ quality: 'high', preload: true, preloadTimeout: 5_000 }),
    isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
    metrics: () => [],
    notify: async () => false,
    ...overrides,
  };
}

/** A widget registry over a fixed map (standalone: only this area's own widgets exist). */
export function createStaticWidgetRegistry(widgets: Record<string, WidgetComponent> = {}): WidgetRegistry {
  return {
    get: (name) => widgets[name],
    load: async (name) => widgets[name],
    names: () => Object.keys(widgets),
  };
}

export interface FakeServicesOverrides extends Partial<Omit<DossierServices, 'auth'>> {
  auth?: Partial<AuthApi>;
  supabase?: SupabaseClient;
}

/**
 * The contract with fakes a test or a standalone remote can use: a real supabase-js client aimed
 * at the configured URL (the local stack by default — it works when the stack runs, and tests
 * that never call it need no server), in-memory toasts and queue, and a signed-out visitor.
 */
export function createFakeServices(overrides: FakeServicesOverrides = {}): DossierServices {
  const config = overrides.config ?? fakeAppConfig();
  const supabase =
    overrides.supabase ??
    overrides.auth?.supabase ??
    createClient(config.supabaseUrl, config.supabaseAnonKey, { auth: { persistSession: typeof localStorage !== 'undefined', autoRefreshToken: false } });
  const auth: AuthApi = {
    status: 'signed-out',
    user: null,
    session: null,
    supabase,
    signOut: async () => {
      await supabase.auth.signOut();
    },
    ...overrides.auth,
  };
  return {
    config,
    auth,
    toasts: overrides.toasts ?? createMemoryToasts(),
    queryClient: overrides.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    widgets: overrides.widgets ?? createStaticWidgetRegistry(),
    errors: overrides.errors ?? createErrorLog(),
    pendingOperations: overrides.pendingOperations ?? createMemoryPendingOperations(),
    device: overrides.device ?? createFakeDevice(),
    ...(overrides.remotes ? { remotes: overrides.remotes } : {}),
  };
}
