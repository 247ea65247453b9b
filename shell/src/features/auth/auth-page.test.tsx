/** @jest-environment jsdom */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared/contract';
import { AUTH_ERROR_MESSAGES, VALIDATION_MESSAGES } from '@dossier/shared/core';
import { AuthPage } from './auth-page';
import { authCardMarkup } from '../../prerender/landing-markup';
import { AUTH_FIRST_PAINT_ID, authFirstPaintShowing, showAuthFirstPaint } from '../../prerender/auth-first-paint';

function renderAuth(auth: Record<string, jest.Mock>, path = '/auth') {
  const supabase = { auth: { getSession: jest.fn().mockResolvedValue({ data: { session: null } }), ...auth } } as unknown as SupabaseClient;
  const services = { auth: { status: 'signed-out', user: null, session: null, supabase, signOut: jest.fn() } } as unknown as DossierServices;
  render(
    <DossierServicesProvider services={services}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
        </Routes>
      </MemoryRouter>
    </DossierServicesProvider>,
  );
}

describe('AuthPage', () => {
  beforeEach(() => sessionStorage.clear());

  it('shows the invalid-credentials message for a wrong password', async () => {
    const signInWithPassword = jest.fn().mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }),
    });
    renderAuth({ signInWithPassword });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES.invalid_credentials);
    expect(signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'wrong-password' });
  });

  it('switches between sign in and sign up with real tabs (issue #9)', async () => {
    renderAuth({});
    expect(screen.getByRole('tablist', { name: 'Sign in or sign up' })).toBeInTheDocument();
    const signIn = screen.getByRole('tab', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('button', { name: 'Sign in' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toContainElement(screen.getByRole('button', { name: 'Create account' }));
  });

  it('keeps what was typed when the person moves between Sign in, Sign up and Forgot password?', async () => {
    renderAuth({});
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    await userEvent.click(screen.getByRole('tab', { name: 'Sign in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it("shows 'Login failed' when sign-in returns no user", async () => {
    renderAuth({ signInWithPassword: jest.fn().mockResolvedValue({ data: { user: null, session: null }, error: null }) });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.loginFailed);
  });

  it("signs up with the name as metadata and shows 'Signup failed - no user data returned' without a user", async () => {
    const signUp = jest.fn().mockResolvedValue({ data: { user: null, session: null }, error: null });
    renderAuth({ signUp }, '/auth?mode=sign-up');
    await userEvent.type(screen.getByLabelText('Name'), 'Ada Lovelace');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(VALIDATION_MESSAGES.signupNoUser);
    expect(signUp).toHaveBeenCalledWith(
      expect.objectContaining({ email: 'ada@example.com', password: 'secret-123', options: expect.objectContaining({ data: { name: 'Ada Lovelace' } }) }),
    );
  });

  it('shows the account-conflict message for an existing address', async () => {
    const signUp = jest.fn().mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('User already registered'), { status: 422, code: 'user_already_exists' }),
    });
    renderAuth({ signUp }, '/auth?mode=sign-up');
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES.account_conflict);
  });

  it("shows 'OAuth error: {code}' after a failed provider return", async () => {
    window.history.replaceState(null, '', '/auth#error=server_error&error_code=unexpected_failure');
    renderAuth({});
    expect(await screen.findByRole('alert')).toHaveTextContent('OAuth error: unexpected_failure');
    await waitFor(() => expect(window.location.hash).toBe(''));
  });

  it('fails silently for access_denied and cleans the address', async () => {
    window.history.replaceState(null, '', '/auth?error=access_denied&error_description=denied');
    renderAuth({});
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in to Dossier' })).toBeInTheDocument();
  });

  it('opens "Set a new password" from the reset link', async () => {
    window.history.replaceState(null, '', '/auth?reset=1');
    renderAuth({}, '/auth?reset=1');
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('offers a new reset link when the one followed has expired', async () => {
    window.history.replaceState(null, '', '/auth?reset=1#error=access_denied&error_code=otp_expired');
    renderAuth({}, '/auth?reset=1');
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('That link has expired or was already used.');
    await waitFor(() => expect(window.location.hash).toBe(''));
  });

  it('sends the reset link for a forgotten password', async () => {
    const resetPasswordForEmail = jest.fn().mockResolvedValue({ data: {}, error: null });
    renderAuth({ resetPasswordForEmail });
    await userEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a link to set a new password is on its way');
    expect(resetPasswordForEmail).toHaveBeenCalledWith('ada@example.com', expect.objectContaining({ redirectTo: expect.stringContaining('/auth') }));
  });

  describe('Sign in with a passkey (issue 27)', () => {
    const withWebAuthn = () => {
      Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
      Object.defineProperty(navigator, 'credentials', { value: { create: jest.fn(), get: jest.fn() }, configurable: true });
    };
    afterEach(() => {
      delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
      delete (navigator as { credentials?: unknown }).credentials;
    });

    it('is hidden where the browser cannot use passkeys', () => {
      renderAuth({});
      expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    });

    it('signs in through supabase-js, and says so plainly when the ceremony was cancelled', async () => {
      withWebAuthn();
      const cancelled = Object.assign(new Error('The operation either timed out or was not allowed.'), {
        name: 'WebAuthnError',
        code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
        cause: Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
      });
      const signInWithPasskey = jest.fn().mockResolvedValue({ data: null, error: cancelled });
      renderAuth({ signInWithPasskey });
      await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
      expect(signInWithPasskey).toHaveBeenCalled();
      expect(await screen.findByRole('alert')).toHaveTextContent('Passkey sign-in was cancelled. If this device has no passkey for Dossier, sign in with your password.');
    });

    it('offers passkeys in the e-mail field autofill, and aborts that waiting request when the person signs in with the password', async () => {
      withWebAuthn();
      Object.assign(window.PublicKeyCredential, { isConditionalMediationAvailable: () => Promise.resolve(true) });
      const signals: AbortSignal[] = [];
      const signInWithPasskey = jest.fn(({ options }: { options: { signal: AbortSignal } }) => {
        signals.push(options.signal);
        return new Promise((resolve) => options.signal.addEventListener('abort', () => resolve({ data: null, error: Object.assign(new Error('aborted'), { code: 'ERROR_CEREMONY_ABORTED' }) })));
      });
      const signInWithPassword = jest.fn().mockResolvedValue({
        data: { user: null, session: null },
        error: Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }),
      });
      renderAuth({ signInWithPasskey, signInWithPassword });
      expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username webauthn');
      await waitFor(() => expect(signInWithPasskey).toHaveBeenCalledWith({ options: expect.objectContaining({ mediation: 'conditional' }) }));
      await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
      await userEvent.type(screen.getByLabelText('Password'), 'wrong-password');
      await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(signals[0].aborted).toBe(true);
      // The password was wrong: the form stays, and the passkey autofill waits again.
      expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES.invalid_credentials);
      await waitFor(() => expect(signInWithPasskey).toHaveBeenCalledTimes(2));
      expect(signals[1].aborted).toBe(false);
      // The sign-up tab has no autofill request and asks the browser for an e-mail address.
      await userEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
      expect(signals[1].aborted).toBe(true);
      expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    });

    it('is not offered on the sign-up tab', async () => {
      withWebAuthn();
      renderAuth({});
      await userEvent.click(screen.getByRole('tab', { name: 'Sign up' }));
      expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    });
  });
});

describe("AuthPage taking over index.html's prerendered card (ADR 0499)", () => {
  /** A visitor's /auth before the app: the card shown, typed into, maybe pressed. */
  function typedOnTheCard({ email, password, press }: { email: string; password: string; press?: string }) {
    const card = document.createElement('div');
    card.id = AUTH_FIRST_PAINT_ID;
    card.innerHTML = authCardMarkup();
    document.body.append(card);
    showAuthFirstPaint(document);
    (card.querySelector('input[name="email"]') as HTMLInputElement).value = email;
    const passwordField = card.querySelector('input[name="password"]') as HTMLInputElement;
    passwordField.value = password;
    passwordField.focus();
    if (press === 'submit') card.querySelector('form')?.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    else if (press) (card.querySelector(`[data-intent="${press}"]`) as HTMLElement).click();
    return card;
  }

  afterEach(() => document.documentElement.classList.remove('dossier-auth-first-paint'));

  it('keeps what was typed and where, and signs in when Sign in was pressed before the app was there', async () => {
    const signInWithPassword = jest.fn().mockResolvedValue({
      data: { user: null, session: null },
      error: Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' }),
    });
    const card = typedOnTheCard({ email: 'ada@example.com', password: 'early-bird-1', press: 'submit' });
    renderAuth({ signInWithPassword });
    expect(card.isConnected).toBe(false);
    expect(authFirstPaintShowing()).toBe(false);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('early-bird-1');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    await waitFor(() => expect(signInWithPassword).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'early-bird-1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_ERROR_MESSAGES.invalid_credentials);
  });

  it('opens on Sign up when its tab was pressed, with the address carried over, and signs in with nothing unasked', async () => {
    const signInWithPassword = jest.fn();
    typedOnTheCard({ email: 'grace@example.com', password: 'typed-first', press: 'sign-up' });
    renderAuth({ signInWithPassword });
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('typed-first');
    expect(signInWithPassword).not.toHaveBeenCalled();
  });

  it('starts empty on a later visit: the card is handed over once', () => {
    typedOnTheCard({ email: 'ada@example.com', password: 'x' });
    renderAuth({});
    document.body.replaceChildren();
    renderAuth({});
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
