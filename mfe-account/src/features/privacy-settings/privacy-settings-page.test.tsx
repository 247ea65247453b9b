import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_BUTTONS, VALIDATION_MESSAGES } from '@dossier/shared/core';
import { CONSENT_CLEARED_EVENT, acceptAllConsent, readConsent, saveConsent } from '@dossier/shared/core/consent';
import { createMemoryToasts } from '@dossier/shared/testing';
import { renderPage } from '../testing/render-page';
import PrivacySettingsPage from './privacy-settings-page';

beforeEach(() => localStorage.clear());

const signedIn = { status: 'signed-in' as const, user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } };

describe('/privacy-settings', () => {
  it('shows the stored choices, essential always on', () => {
    saveConsent(acceptAllConsent(new Date('2026-03-04T10:00:00Z')));
    renderPage(<PrivacySettingsPage />, { path: '/privacy-settings', services: { auth: signedIn } });
    expect(screen.getByText(/Saved on 4 March 2026\./)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Essential' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Essential' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  });

  it('saves changed choices only with Terms and Privacy accepted, with the SPEC message otherwise', async () => {
    const toasts = createMemoryToasts();
    renderPage(<PrivacySettingsPage />, { path: '/privacy-settings', services: { auth: signedIn, toasts } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Analytics' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(screen.getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.consentRequired);
    expect(readConsent()).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the Privacy Policy' }));
    await user.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(readConsent()).toMatchObject({ analytics: true, marketing: false, termsAccepted: true, privacyAccepted: true, version: '1.0' });
    expect(toasts.stacked.toasts).toEqual([expect.objectContaining({ title: 'Privacy choices saved' })]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("offers 'Accept All' and 'Decline All' with the dialog's rules", async () => {
    renderPage(<PrivacySettingsPage />, { path: '/privacy-settings', services: { auth: signedIn } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: CONSENT_BUTTONS.acceptAll }));
    expect(readConsent()).toMatchObject({ analytics: true, dataProcessing: true, termsAccepted: true });
    expect(screen.getByRole('checkbox', { name: 'Data processing' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: CONSENT_BUTTONS.declineAll }));
    expect(readConsent()).toMatchObject({ analytics: false, dataProcessing: false, termsAccepted: false, privacyAccepted: false, essential: true });
    expect(screen.getByRole('checkbox', { name: 'Data processing' })).not.toBeChecked();
  });

  it('clearing forgets the record on the device and the account, and broadcasts the cleared event', async () => {
    saveConsent(acceptAllConsent());
    const cleared = jest.fn();
    window.addEventListener(CONSENT_CLEARED_EVENT, cleared);
    const deleted = jest.fn(async (_table: string) => ({ error: null }));
    const supabase = { auth: {}, from: (table: string) => ({ delete: () => ({ not: () => deleted(table) }) }) };
    renderPage(<PrivacySettingsPage />, { path: '/privacy-settings', services: { auth: signedIn, supabase: supabase as never } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear my choices' }));
    expect(readConsent()).toBeNull();
    expect(deleted).toHaveBeenCalledWith('consent_choices');
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(screen.getByText('You have not made your choices yet.')).toBeInTheDocument();
    window.removeEventListener(CONSENT_CLEARED_EVENT, cleared);
  });

  it('follows a choice made in the dialog or another tab', () => {
    renderPage(<PrivacySettingsPage />, { path: '/privacy-settings', services: { auth: signedIn } });
    expect(screen.getByRole('checkbox', { name: 'Analytics' })).not.toBeChecked();
    act(() => saveConsent(acceptAllConsent()));
    expect(screen.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
  });

  it('carries both legal texts', () => {
    renderPage(<PrivacySettingsPage />, { path: '/privacy-settings', services: { auth: signedIn } });
    expect(screen.getByText('Privacy Policy', { selector: 'summary' })).toBeInTheDocument();
    expect(screen.getByText('Terms of Service', { selector: 'summary' })).toBeInTheDocument();
  });
});
