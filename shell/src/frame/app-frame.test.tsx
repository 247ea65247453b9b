import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared';
import type { RemoteAreas } from '../federation/remote-areas';
import { AreasContext } from '../routing/areas-context';
import { AppFrame } from './app-frame';

const none: never[] = [];
const areas = { enabled: () => true, loaded: () => undefined, subscribe: () => () => undefined, list: () => none } as unknown as RemoteAreas;

function renderFrame(levels: { currentLevel: string; nextLevel: string }, { path = '/documents', signedIn = true }: { path?: string; signedIn?: boolean } = {}) {
  const supabase = { auth: { mfa: { getAuthenticatorAssuranceLevel: async () => ({ data: levels, error: null }) } } };
  const services = {
    auth: signedIn
      ? { status: 'signed-in', user: { id: 'u1', email: 'ana@example.com', name: 'Ana Person' }, session: { access_token: 't' }, supabase, signOut: async () => undefined }
      : { status: 'signed-out', user: null, session: null, supabase, signOut: async () => undefined },
  } as unknown as DossierServices;
  const Overlay = () => <div role="dialog" aria-label="Your privacy choices" />;
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { enabled: false } } })}>
    <DossierServicesProvider services={services}>
      <AreasContext.Provider value={areas}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<AppFrame overlays={[Overlay]} />}>
              <Route path="*" element={<h1>Documents</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AreasContext.Provider>
    </DossierServicesProvider>
    </QueryClientProvider>,
  );
}

describe('AppFrame and two-step sign-in (issue 21 §8)', () => {
  it('shows only the code step while the session owes its second factor: no nav, no name, no overlays, no page', async () => {
    renderFrame({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveClass('ds-input');
    expect(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.queryByText('Ana Person')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it('shows the frame, the name and the page once the session is aal2', async () => {
    renderFrame({ currentLevel: 'aal2', nextLevel: 'aal2' });
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Ana Person')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Your privacy choices' })).toBeInTheDocument();
  });
});

describe("AppFrame's header for a visitor", () => {
  it('offers Sign in on every page but the sign-in page itself', async () => {
    const levels = { currentLevel: 'aal1', nextLevel: 'aal1' };
    const { unmount } = renderFrame(levels, { path: '/terms', signedIn: false });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    unmount();
    renderFrame(levels, { path: '/auth/', signedIn: false });
    expect(await screen.findByRole('heading', { name: 'Documents' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
  });
});
