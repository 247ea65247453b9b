import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DossierServicesProvider, type AuthStatus, type DossierServices } from '@dossier/shared';
import { CONSENT, CONSENT_BUTTONS, VALIDATION_MESSAGES, VIEW_FULL_PAGE } from '@dossier/shared/core';
import { CONSENT_UPDATED_EVENT, acceptAllConsent, clearConsent, declineAllConsent, readConsent, saveConsent } from '@dossier/shared/core/consent';
import { ConsentGate } from './consent-gate';

function services(status: AuthStatus): DossierServices {
  const user = status === 'signed-in' ? { id: 'u1', email: 'ana@example.com', name: 'Ana' } : null;
  return { auth: { status, user, session: null, supabase: {} as never, signOut: async () => undefined } } as unknown as DossierServices;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderGate(status: AuthStatus = 'signed-in', path = '/dashboard') {
  const view = (s: AuthStatus) => (
    <DossierServicesProvider services={services(s)}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        <ConsentGate />
      </MemoryRouter>
    </DossierServicesProvider>
  );
  const result = render(view(status));
  return { ...result, setStatus: (s: AuthStatus) => result.rerender(view(s)) };
}

const dialog = () => screen.getByRole('dialog', { name: 'Your privacy choices' });
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

beforeEach(() => {
  localStorage.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const after = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms);
  });

describe('ConsentGate (SPEC §4, §5, §6)', () => {
  it('asks a signed-in user after 100 ms', () => {
    renderGate();
    after(99);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    after(1);
    expect(dialog()).toBeInTheDocument();
  });

  it('never asks a visitor, and asks once they sign in', () => {
    const { setStatus } = renderGate('signed-out');
    after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setStatus('signed-in');
    after(100);
    expect(dialog()).toBeInTheDocument();
  });

  it('does not ask again while a valid, accepted record is less than a year old', () => {
    saveConsent(acceptAllConsent(new Date()));
    renderGate();
    after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again when the record is over a year old or of another version', () => {
    saveConsent(acceptAllConsent(new Date(Date.now() - CONSENT.expiryMs - 1000)));
    const first = renderGate();
    after(100);
    expect(dialog()).toBeInTheDocument();
    first.unmount();
    localStorage.setItem(CONSENT.storageKey, JSON.stringify({ ...acceptAllConsent(), version: '2.0' }));
    renderGate();
    after(100);
    expect(dialog()).toBeInTheDocument();
  });

  it('starts with everything off but essential, which cannot be turned off', () => {
    renderGate();
    after(100);
    const essential = within(dialog()).getByRole('checkbox', { name: 'Essential' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    for (const name of ['Analytics', 'Marketing', 'Notifications', 'Data processing', 'I accept the Terms of Service', 'I accept the Privacy Policy']) {
      expect(within(dialog()).getByRole('checkbox', { name })).not.toBeChecked();
    }
  });

  it("'Accept Selected' without both boxes shows the SPEC message and saves nothing", async () => {
    renderGate();
    after(100);
    await user().click(within(dialog()).getByRole('checkbox', { name: 'Analytics' }));
    await user().click(within(dialog()).getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.acceptSelected }));
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.consentRequired);
    expect(readConsent()).toBeNull();
  });

  it("'Accept Selected' with both boxes stores exactly the ticked choices and closes", async () => {
    const updated = jest.fn();
    window.addEventListener(CONSENT_UPDATED_EVENT, updated);
    renderGate();
    after(100);
    for (const name of ['Notifications', 'I accept the Terms of Service', 'I accept the Privacy Policy']) {
      await user().click(within(dialog()).getByRole('checkbox', { name }));
    }
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.acceptSelected }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readConsent()).toMatchObject({ essential: true, analytics: false, marketing: false, notifications: true, dataProcessing: false, termsAccepted: true, privacyAccepted: true, version: '1.0' });
    expect(updated).toHaveBeenCalledTimes(1);
    window.removeEventListener(CONSENT_UPDATED_EVENT, updated);
  });

  it("'Accept All' stores everything true", async () => {
    renderGate();
    after(100);
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.acceptAll }));
    expect(readConsent()).toMatchObject({ analytics: true, marketing: true, notifications: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Decline All' stores essential only and does not ask again on this page", async () => {
    renderGate();
    after(100);
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.declineAll }));
    expect(readConsent()).toEqual({ ...declineAllConsent(new Date(readConsent()!.timestamp)) });
    after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Escape closes it without saving; clearing consent asks again', async () => {
    renderGate();
    after(100);
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readConsent()).toBeNull();
    act(() => clearConsent());
    after(100);
    expect(dialog()).toBeInTheDocument();
  });

  it('is labelled, and focus starts inside it', () => {
    renderGate();
    after(100);
    expect(dialog()).toHaveAccessibleDescription(/we ask before we use your data/);
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it("opens the Terms and the Privacy Policy in dialogs whose 'View Full Page' goes to /terms and /privacy", async () => {
    renderGate();
    after(100);
    await user().click(within(dialog()).getByRole('button', { name: 'Read the Terms of Service' }));
    const terms = screen.getByRole('dialog', { name: 'Terms of Service' });
    expect(within(terms).getByRole('link', { name: VIEW_FULL_PAGE })).toHaveAttribute('href', '/terms');
    expect(within(terms).getByText(/12 months before the claim/)).toBeInTheDocument();
    await user().click(within(terms).getByRole('button', { name: 'Close Terms of Service' }));
    expect(screen.queryByRole('dialog', { name: 'Terms of Service' })).not.toBeInTheDocument();

    await user().click(within(dialog()).getByRole('button', { name: 'Read the Privacy Policy' }));
    const privacy = screen.getByRole('dialog', { name: 'Privacy Policy' });
    await user().click(within(privacy).getByRole('link', { name: VIEW_FULL_PAGE }));
    expect(screen.getByTestId('where')).toHaveTextContent('/privacy');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays away on the legal pages', () => {
    renderGate('signed-in', '/privacy-settings');
    after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
