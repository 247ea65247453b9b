import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DossierServicesProvider, type AuthStatus } from '@dossier/shared';
import { LOADING_TEXT } from '@dossier/shared/core';
import { createFakeServices } from '@dossier/shared/testing';
import { authRedirect, RequireAuth, safeRedirectTarget } from './require-auth';

describe('authRedirect', () => {
  it('sends signed-out visitors to /auth with where they wanted to go', () => {
    expect(authRedirect('signed-out', { pathname: '/documents', search: '?q=tax', hash: '#x' })).toBe('/auth?redirect=%2Fdocuments%3Fq%3Dtax%23x');
  });
  it('lets signed-in people and pending checks through', () => {
    expect(authRedirect('signed-in', { pathname: '/documents' })).toBeNull();
    expect(authRedirect('loading', { pathname: '/documents' })).toBeNull();
  });
  it('only redirects back to paths of this site', () => {
    expect(safeRedirectTarget('/portfolios/1')).toBe('/portfolios/1');
    expect(safeRedirectTarget('//evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget('https://evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget(null)).toBe('/dashboard');
  });
});

function SignInPage() {
  const { search } = useLocation();
  return <p>Sign-in page {search}</p>;
}

// A declarative router: jsdom has no fetch Request, which data routers build on navigation.
function renderGuarded(status: AuthStatus) {
  render(
    <DossierServicesProvider services={createFakeServices({ auth: { status } })}>
      <MemoryRouter initialEntries={['/documents']}>
        <Routes>
          <Route
            path="/documents"
            element={
              <RequireAuth>
                <p>Private page</p>
              </RequireAuth>
            }
          />
          <Route path="/auth" element={<SignInPage />} />
        </Routes>
      </MemoryRouter>
    </DossierServicesProvider>,
  );
}

describe('RequireAuth', () => {
  it('shows the page to a signed-in person', () => {
    renderGuarded('signed-in');
    expect(screen.getByText('Private page')).toBeInTheDocument();
  });
  it('shows the spinner while the session is checked', () => {
    renderGuarded('loading');
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
  });
  it('sends a visitor to sign in, remembering the page', async () => {
    renderGuarded('signed-out');
    expect(await screen.findByText('Sign-in page ?redirect=%2Fdocuments')).toBeInTheDocument();
  });
});
