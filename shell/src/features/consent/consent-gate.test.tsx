import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DossierServicesProvider, type AuthStatus, type DossierServices } from '@dossier/shared';
import { CONSENT, CONSENT_BUTTONS, VALIDATION_MESSAGES, VIEW_FULL_PAGE } from '@dossier/shared/core';
import { CONSENT_UPDATED_EVENT, acceptAllConsent, clearConsent, declineAllConsent, readConsent, saveConsent } from '@dossier/shared/core/consent';
import { ConsentGate } from './consent-gate';

type AccountRow = Record<string, unknown> & { terms_accepted: boolean; privacy_accepted: boolean; version: string };

/** The account's consent_choices row behind a fake supabase-js (unit tests fake the network). */
function fakeAccount(initial: AccountRow | null = null, { offline = false } = {}) {
  const account = { row: initial, writes: [] as AccountRow[] };
  const answer = async <T,>(value: T) => {
    if (offline) throw new TypeError('Failed to fetch');
    return value;
  };
  const client = {
    from: () => ({
      select: () => ({ maybeSingle: () => answer({ data: account.row, error: null }) }),
      upsert: (values: AccountRow) => ({
        select: () => ({
          single: () =>
            answer(null).then(() => {
              // Like the table's trigger: the choice keeps its time, never later than now.
              const { user_id: _owner, chosen_at: chosenAt, ...row } = values;
              account.row = { ...row, chosen_at: new Date(Math.min(Date.parse(String(chosenAt ?? new Date().toISOString())), Date.now())).toISOString() };
              account.writes.push(account.row);
              return { data: account.row, error: null };
            }),
        }),
      }),
    }),
  };
  return { client, account };
}

const signOut = jest.fn(async () => undefined);

function services(status: AuthStatus, supabase: unknown, id = 'u1'): DossierServices {
  const user = status === 'signed-in' ? { id, email: 'ana@example.com', name: 'Ana' } : null;
  return { auth: { status, user, session: null, supabase, signOut } } as unknown as DossierServices;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderGate(status: AuthStatus = 'signed-in', path = '/dashboard', supabase: unknown = fakeAccount().client) {
  const view = (s: AuthStatus) => (
    <DossierServicesProvider services={services(s, supabase)}>
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
  signOut.mockClear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

/** Lets the account's answer arrive (promises, then React's effects). */
const settle = () =>
  act(async () => {
    for (let i = 0; i < 20; i += 1) await Promise.resolve();
  });
/** The account's answer, then the clock moved on. */
const after = async (ms: number) => {
  await settle();
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
};

describe('ConsentGate (SPEC §4, §5, §6)', () => {
  it('asks a signed-in user after 100 ms', async () => {
    renderGate();
    await settle();
    await after(99);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await after(1);
    expect(dialog()).toBeInTheDocument();
  });

  it('never asks a visitor, and asks once they sign in', async () => {
    const { setStatus } = renderGate('signed-out');
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    setStatus('signed-in');
    await after(100);
    expect(dialog()).toBeInTheDocument();
  });

  it('does not ask again while a valid, accepted record is less than a year old', async () => {
    saveConsent(acceptAllConsent(new Date()));
    renderGate();
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("does not hand an ownerless choice to the next person when the first signs out before their sync (shared device)", async () => {
    const spinner = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'dossier-loading' }));
    try {
      // Written before anyone's id was known (or by an older version): no owner.
      saveConsent(acceptAllConsent(new Date(Date.now() - 60_000)));
      const a = fakeAccount();
      const b = fakeAccount();
      const view = (status: AuthStatus, id: string, supabase: unknown) => (
        <DossierServicesProvider services={services(status, supabase, id)}>
          <MemoryRouter initialEntries={['/documents']}>
            <ConsentGate />
          </MemoryRouter>
        </DossierServicesProvider>
      );
      // A signs in; the page is not drawn yet, so A's sync waits; A signs out.
      const { rerender } = render(view('signed-in', 'person-a', a.client));
      await after(1000);
      rerender(view('signed-out', 'person-a', a.client));
      await after(100);
      // B signs in on the same device, and the page is drawn.
      rerender(view('signed-in', 'person-b', b.client));
      spinner.remove();
      await after(CONSENT.dialogDelayMs + 1000);
      expect(b.account.writes).toEqual([]);
      expect(dialog()).toBeInTheDocument();
      expect(readConsent(undefined, 'person-b')).toBeNull();
    } finally {
      spinner.remove();
    }
  });

  it('checks a choice this device holds against the account only once the page is drawn; one it lacks at once (issue 24)', async () => {
    const spinner = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'dossier-loading' }));
    try {
      const { client } = fakeAccount({ analytics: false, marketing: false, notifications: false, data_processing: false, terms_accepted: false, privacy_accepted: true, version: '1.0', chosen_at: new Date().toISOString() });
      let reads = 0;
      const counting = { from: () => ((reads += 1), client.from()) };
      saveConsent(acceptAllConsent(new Date(Date.now() - 60_000)));
      renderGate('signed-in', '/documents', counting);
      await after(1000);
      expect(reads).toBe(0);
      spinner.remove();
      await after(500);
      expect(reads).toBe(1);
      // The account, newer, leaves the Terms unaccepted: the person is still stopped.
      await after(100);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    } finally {
      spinner.remove();
    }
  });

  it('reads the account at once for a person who never answered on this device, page drawn or not', async () => {
    const spinner = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'dossier-loading' }));
    try {
      const { client } = fakeAccount();
      let reads = 0;
      renderGate('signed-in', '/documents', { from: () => ((reads += 1), client.from()) });
      await after(100);
      expect(reads).toBe(1);
      expect(dialog()).toBeInTheDocument();
    } finally {
      spinner.remove();
    }
  });

  it('asks again when the record is over a year old or of another version', async () => {
    saveConsent(acceptAllConsent(new Date(Date.now() - CONSENT.expiryMs - 1000)));
    const first = renderGate();
    await after(100);
    expect(dialog()).toBeInTheDocument();
    first.unmount();
    localStorage.setItem(CONSENT.storageKey, JSON.stringify({ ...acceptAllConsent(), version: '2.0' }));
    renderGate();
    await after(100);
    expect(dialog()).toBeInTheDocument();
  });

  it('starts with everything off but essential, which cannot be turned off', async () => {
    renderGate();
    await after(100);
    const essential = within(dialog()).getByRole('checkbox', { name: 'Essential' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    for (const name of ['Analytics', 'Marketing', 'Notifications', 'Data processing', 'I accept the Terms of Service', 'I accept the Privacy Policy']) {
      expect(within(dialog()).getByRole('checkbox', { name })).not.toBeChecked();
    }
  });

  it("'Accept Selected' without both boxes shows the SPEC message and saves nothing", async () => {
    renderGate();
    await after(100);
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
    await after(100);
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
    await after(100);
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.acceptAll }));
    expect(readConsent()).toMatchObject({ analytics: true, marketing: true, notifications: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Decline All' stores essential only, on the device and the account, and the app stays closed until Terms and Privacy are accepted", async () => {
    const { client, account } = fakeAccount();
    renderGate('signed-in', '/dashboard', client);
    await after(100);
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.declineAll }));
    expect(readConsent()).toEqual({ ...declineAllConsent(new Date(readConsent()!.timestamp)) });
    await settle();
    expect(account.row).toMatchObject({ terms_accepted: false, privacy_accepted: false, analytics: false, version: '1.0' });
    const needed = screen.getByRole('dialog', { name: 'Dossier needs your agreement' });
    await after(1000);
    expect(needed).toBeInTheDocument();
    await user().click(within(needed).getByRole('button', { name: 'Review my choices' }));
    await user().click(within(dialog()).getByRole('button', { name: CONSENT_BUTTONS.acceptAll }));
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(account.row).toMatchObject({ terms_accepted: true, privacy_accepted: true });
  });

  it('Escape saves nothing and leaves the app closed, with a way out; clearing consent asks again', async () => {
    renderGate();
    await after(100);
    await user().keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Your privacy choices' })).not.toBeInTheDocument();
    expect(readConsent()).toBeNull();
    const needed = screen.getByRole('dialog', { name: 'Dossier needs your agreement' });
    await user().click(within(needed).getByRole('button', { name: 'Sign out' }));
    expect(signOut).toHaveBeenCalledTimes(1);
    await user().click(within(needed).getByRole('button', { name: 'Review my choices' }));
    expect(dialog()).toBeInTheDocument();
    act(() => clearConsent());
    await after(100);
    expect(dialog()).toBeInTheDocument();
  });

  it('on a new device, follows the account: accepted there means not asked here, and the device keeps a copy', async () => {
    const { client, account } = fakeAccount({ analytics: true, marketing: false, notifications: false, data_processing: true, terms_accepted: true, privacy_accepted: true, version: '1.0', chosen_at: new Date().toISOString() });
    renderGate('signed-in', '/dashboard', client);
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readConsent()).toMatchObject({ analytics: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true });
    expect(account.writes).toEqual([]);
  });

  it("asks on a new device only when the account's choice requires it, with the account's choices ticked", async () => {
    const { client } = fakeAccount({ analytics: true, marketing: true, notifications: false, data_processing: false, terms_accepted: false, privacy_accepted: true, version: '1.0', chosen_at: new Date().toISOString() });
    renderGate('signed-in', '/dashboard', client);
    await after(100);
    for (const name of ['Analytics', 'Marketing', 'I accept the Privacy Policy']) expect(within(dialog()).getByRole('checkbox', { name })).toBeChecked();
    expect(within(dialog()).getByRole('checkbox', { name: 'I accept the Terms of Service' })).not.toBeChecked();
  });

  it("never takes another account's choice on a shared device, and uses this person's own copy offline", async () => {
    saveConsent(acceptAllConsent(), undefined, undefined, 'someone-else');
    const first = renderGate('signed-in', '/dashboard', fakeAccount(null, { offline: true }).client);
    await after(100);
    expect(dialog()).toBeInTheDocument();
    first.unmount();
    saveConsent(acceptAllConsent(), undefined, undefined, 'u1');
    renderGate('signed-in', '/dashboard', fakeAccount(null, { offline: true }).client);
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a choice made on this device without the account (offline, or before this release) is sent to the account', async () => {
    saveConsent(acceptAllConsent());
    const { client, account } = fakeAccount();
    renderGate('signed-in', '/dashboard', client);
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(account.row).toMatchObject({ analytics: true, terms_accepted: true, privacy_accepted: true, version: '1.0' });
  });

  it('is labelled, and focus starts inside it', async () => {
    renderGate();
    await after(100);
    expect(dialog()).toHaveAccessibleDescription(/we ask before we use your data/);
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it("opens the Terms and the Privacy Policy in dialogs whose 'View Full Page' goes to /terms and /privacy", async () => {
    renderGate();
    await after(100);
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

  it('stays away on the legal pages', async () => {
    renderGate('signed-in', '/privacy-settings');
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits while a new account is still on /auth (the passkey offer), and asks once the person goes on', async () => {
    render(
      <DossierServicesProvider services={services('signed-in', fakeAccount().client)}>
        <MemoryRouter initialEntries={['/auth']}>
          <Routes>
            <Route path="/auth" element={<Link to="/dashboard">Not now</Link>} />
            <Route path="*" element={<Where />} />
          </Routes>
          <ConsentGate />
        </MemoryRouter>
      </DossierServicesProvider>,
    );
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user().click(screen.getByRole('link', { name: 'Not now' }));
    await after(100);
    expect(dialog()).toBeInTheDocument();
  });
});

describe('ConsentGate when the account does not answer', () => {
  it('asks from the device after a while instead of never', async () => {
    const silent = { from: () => ({ select: () => ({ maybeSingle: () => new Promise(() => undefined) }) }) };
    renderGate('signed-in', '/dashboard', silent);
    await after(1000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await after(8_000);
    await after(100);
    expect(screen.getByRole('dialog', { name: 'Your privacy choices' })).toBeInTheDocument();
  });
});
