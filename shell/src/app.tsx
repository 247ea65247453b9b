import { useMemo, useSyncExternalStore } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router-dom';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared';
import type { ShellServices } from './services/create-services';
import { AreasContext } from './routing/areas-context';
import { AppErrorBoundary, AppRoutes } from './routing/app-routes';

/** Provides the services (auth snapshot refreshed on every change) and the one router. */
export function App({ shell }: { shell: ShellServices }) {
  const authState = useSyncExternalStore(shell.authStore.subscribe, shell.authStore.getSnapshot);
  const services: DossierServices = useMemo(
    () => ({ ...shell.base, auth: { ...authState, supabase: shell.supabase, signOut: shell.authStore.signOut } }),
    [shell, authState],
  );
  return (
    <AreasContext.Provider value={shell.areas}>
      <DossierServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <BrowserRouter>
            <AppErrorBoundary>
              <AppRoutes areas={shell.areas} overlays={shell.overlays} />
            </AppErrorBoundary>
          </BrowserRouter>
        </QueryClientProvider>
      </DossierServicesProvider>
    </AreasContext.Provider>
  );
}
