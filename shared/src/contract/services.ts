import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from './app-config';
import type { AuthApi } from './auth';
import type { DeviceApi } from './device';
import type { ErrorLogApi } from './errors';
import type { PendingOperationsApi } from './pending-operations';
import type { WidgetComponent } from './remote-module';
import type { ToastApi } from './toasts';
import type { RemoteStatusApi } from './remotes';

/** Looks up a widget another area offers, by its global name; undefined when not (yet) loaded. */
export interface WidgetRegistry {
  get(name: string): WidgetComponent | undefined;
  /** Resolves when the area offering `name` has loaded (or rejects when it failed). */
  load(name: string): Promise<WidgetComponent | undefined>;
  names(): string[];
}

/**
 * Everything the shell provides to every area. Areas read it with the hooks in ./hooks.ts and
 * never import the shell or another remote.
 */
export interface DossierServices {
  config: AppConfig;
  auth: AuthApi;
  toasts: ToastApi;
  /** The one QueryClient of the page, with SPEC §7's defaults. */
  queryClient: QueryClient;
  widgets: WidgetRegistry;
  errors: ErrorLogApi;
  pendingOperations: PendingOperationsApi;
  device: DeviceApi;
  /** Load state of every remote (optional: a remote's standalone harness need not provide it). */
  remotes?: RemoteStatusApi;
}

/** What a single-spa parcel receives (outside the shell's React tree). */
export type DossierServicesSnapshot = DossierServices;
