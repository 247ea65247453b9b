import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared';
import { createFakeServices, type FakeServicesOverrides } from '@dossier/shared/testing';
import type { ReactElement } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** Renders an account page inside the contract's fakes and a router at `path`. */
export function renderPage(page: ReactElement, { path = '/', services: overrides = {} }: { path?: string; services?: FakeServicesOverrides } = {}) {
  // Pages that never call the server get a stub client: no real client per test, no warnings.
  const supabase = overrides.supabase ?? overrides.auth?.supabase ?? ({ auth: {} } as unknown as SupabaseClient);
  const services: DossierServices = createFakeServices({ ...overrides, supabase });
  const result = render(
    <DossierServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path.split('?')[0]} element={page} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
      </QueryClientProvider>
    </DossierServicesProvider>,
  );
  return { ...result, services };
}
