import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createFakeDevice, createMemoryToasts } from '@dossier/shared/testing';
import { renderPage } from '../testing/render-page';
import SettingsPage from './settings-page';

// The plan section has its own tests (features/billing); here it would only add its own requests.
jest.mock('../billing', () => ({ PlanSection: () => null }));

function fakeSupabase(result: { error: unknown } = { error: null }) {
  const updateUser = jest.fn(async () => result);
  // The sign-in security and deletion sections read sessions, factors, passkeys and a scheduled deletion.
  const client = {
    auth: {
      updateUser,
      mfa: { listFactors: async () => ({ data: { all: [], totp: [], phone: [], webauthn: [] }, error: null }) },
      passkey: { list: async () => ({ data: [], error: null }) },
    },
    rpc: async () => ({ data: [], error: null }),
    from: () => ({ select: async () => ({ data: [], error: null }) }),
  };
  return { client: client as unknown as SupabaseClient, updateUser };
}

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

afterEach(() => {
  delete (window as { Notification?: unknown }).Notification;
});

describe('/settings', () => {
  it('shows the e-mail and saves a new name as user metadata', async () => {
    const { client, updateUser } = fakeSupabase();
    const toasts = createMemoryToasts();
    renderPage(<SettingsPage />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client }, toasts } });
    expect(screen.getByText('ana@example.com')).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ana');
    // The design system's field (44 px, themed in dark mode), not a bare browser input.
    expect(name).toHaveClass('ds-input');
    expect(screen.getByRole('button', { name: 'Save name' })).toHaveClass('ds-button', 'ds-button--primary');
    const person = userEvent.setup();
    await person.clear(name);
    await person.type(name, '  Ana Lima ');
    await person.click(screen.getByRole('button', { name: 'Save name' }));
    expect(updateUser).toHaveBeenCalledWith({ data: { name: 'Ana Lima', full_name: 'Ana Lima' } });
    expect(toasts.stacked.toasts).toEqual([expect.objectContaining({ title: 'Your name was saved' })]);
  });

  it('refuses an empty name and reports a failed save', async () => {
    const { client, updateUser } = fakeSupabase({ error: Object.assign(new Error('x'), { status: 500 }) });
    renderPage(<SettingsPage />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    const person = userEvent.setup();
    await person.clear(screen.getByRole('textbox', { name: 'Name' }));
    await person.click(screen.getByRole('button', { name: 'Save name' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your name.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Please enter your name.');
    expect(updateUser).not.toHaveBeenCalled();
    await person.type(screen.getByRole('textbox', { name: 'Name' }), 'Ana');
    await person.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your name could not be saved. Please try again.');
  });

  it('signs out through the contract and links to the privacy choices', async () => {
    const signOut = jest.fn(async () => undefined);
    renderPage(<SettingsPage />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: fakeSupabase().client, signOut } } });
    expect(screen.getByRole('link', { name: 'Privacy Settings' })).toHaveAttribute('href', '/privacy-settings');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(signOut).toHaveBeenCalled();
  });

  it('asks for notification permission only on request, and sends a test through the device API once granted', async () => {
    const NotificationApi = Object.assign(function Notification() {}, { permission: 'default' as NotificationPermission, requestPermission: jest.fn(async () => 'granted' as const) });
    Object.assign(window, { Notification: NotificationApi });
    const notify = jest.fn(async () => true);
    renderPage(<SettingsPage />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: fakeSupabase().client }, device: createFakeDevice({ notify }) } });
    expect(NotificationApi.requestPermission).not.toHaveBeenCalled();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    await person.click(await screen.findByRole('button', { name: 'Send a test notification' }));
    expect(notify).toHaveBeenCalledWith('Notifications are on', expect.any(Object));
    expect(screen.getByText('A test notification was sent.')).toBeInTheDocument();
  });
});
