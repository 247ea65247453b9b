import { screen } from '@testing-library/react';
import { renderPage } from '../testing/render-page';
import PrivacyPolicyPage from './privacy-policy-page';
import TermsOfServicePage from './terms-of-service-page';

describe('legal pages', () => {
  it('/privacy shows the Privacy Policy with SPEC facts and links to the Terms', () => {
    renderPage(<PrivacyPolicyPage />, { path: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/We answer privacy requests within 30 days\./)).toBeInTheDocument();
    expect(screen.getByText(/Usage data is kept for about 2 years/)).toBeInTheDocument();
    expect(screen.getByText(/not meant for children under 13/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.queryByRole('link', { name: 'Privacy Settings' })).not.toBeInTheDocument();
    expect(document.title).toBe('Privacy Policy · Dossier');
  });

  it('/terms shows the Terms with the age rules and the liability cap, and the choices to a signed-in user', () => {
    renderPage(<TermsOfServicePage />, { path: '/terms', services: { auth: { status: 'signed-in', user: { id: 'u', email: 'a@b.c', name: 'A' } } } });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('You must be at least 13 years old to use Dossier. If you are under 18, you may use it only with the permission of a parent or legal guardian, who accepts these terms on your behalf.')).toBeInTheDocument();
    expect(screen.getByText(/fees you paid us in the 12 months before the claim/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Settings' })).toHaveAttribute('href', '/privacy-settings');
  });
});
