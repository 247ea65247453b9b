import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createMemoryToasts } from '@dossier/shared/testing';
import { renderPage } from '../testing/render-page';
import { PasswordChange } from './password-change';
import { Passkeys, PASSKEYS_ROOM } from './passkeys';
import { SESSIONS_ROOM, SessionsList } from './sessions-list';
import { TWO_STEP_ROOM, TwoStepSignIn } from './two-step';
import { describeDevice, lastSeen } from '@dossier/shared/core';

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

describe('describeDevice and lastSeen', () => {
  it('names common browsers and systems', () => {
    expect(describeDevice('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe('Safari on iPhone');
    expect(describeDevice('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(describeDevice('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Windows');
    expect(describeDevice(null)).toBe('Unknown device');
  });

  it('says how long ago', () => {
    const now = Date.parse('2026-11-23T12:00:00Z');
    expect(lastSeen('2026-11-23T11:59:30Z', now)).toBe('Just now');
    expect(lastSeen('2026-11-23T11:30:00Z', now)).toBe('30 minutes ago');
    expect(lastSeen('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
  });
});

describe('PasswordChange', () => {
  function client(error: unknown = null) {
    const updateUser = jest.fn(async () => ({ data: { user: null }, error }));
    return { supabase: { auth: { updateUser } } as unknown as SupabaseClient, updateUser };
  }

  it('sends the current password with the new one', async () => {
    const { supabase, updateUser } = client();
    const toasts = createMemoryToasts();
    renderPage(<PasswordChange />, { services: { auth: { status: 'signed-in', user, supabase }, toasts } });
    const person = userEvent.setup();
    await person.type(screen.getByLabelText('Current password'), 'old-secret');
    await person.type(screen.getByLabelText('New password'), 'new-secret-1');
    await person.type(screen.getByLabelText('New password again'), 'new-secret-1');
    await person.click(screen.getByRole('button', { name: 'Change password' }));
    expect(updateUser).toHaveBeenCalledWith({ password: 'new-secret-1', current_password: 'old-secret' });
    await waitFor(() => expect(toasts.stacked.toasts).toEqual([expect.objectContaining({ title: expect.stringContaining('password was changed') })]));
  });

  it('says so when the server refuses the current password, and checks the repeat first', async () => {
    const { supabase, updateUser } = client(Object.assign(new Error('x'), { code: 'current_password_mismatch', status: 400 }));
    renderPage(<PasswordChange />, { services: { auth: { status: 'signed-in', user, supabase } } });
    const person = userEvent.setup();
    await person.type(screen.getByLabelText('Current password'), 'wrong');
    await person.type(screen.getByLabelText('New password'), 'new-secret-1');
    await person.type(screen.getByLabelText('New password again'), 'new-secret-2');
    await person.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two new passwords are not the same.');
    expect(updateUser).not.toHaveBeenCalled();
    await person.clear(screen.getByLabelText('New password again'));
    await person.type(screen.getByLabelText('New password again'), 'new-secret-1');
    await person.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not right.')).toBeInTheDocument();
  });
});

describe('SessionsList', () => {
  it('lists devices, marks this one, and signs out another', async () => {
    const rows = [
      { id: 's1', created_at: new Date().toISOString(), last_seen_at: new Date().toISOString(), user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', ip: '127.0.0.1', aal: 'aal1', current: true },
      { id: 's2', created_at: new Date().toISOString(), last_seen_at: new Date().toISOString(), user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1', ip: null, aal: 'aal1', current: false },
    ];
    const rpc = jest.fn(async (name: string) => (name === 'my_sessions' ? { data: rows, error: null } : { data: true, error: null }));
    const signOut = jest.fn(async () => ({ error: null }));
    const supabase = { rpc, auth: { signOut } } as unknown as SupabaseClient;
    renderPage(<SessionsList />, { services: { auth: { status: 'signed-in', user, supabase } } });
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('This device', { exact: false })).toBeInTheDocument();
    const person = userEvent.setup();
    await person.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(rpc).toHaveBeenCalledWith('end_my_session', { session_id: 's2' });
    await person.click(screen.getByRole('button', { name: 'Sign out all other devices' }));
    expect(signOut).toHaveBeenCalledWith({ scope: 'others' });
  });

  it('says which sessions signed in with a passkey (issue 27)', async () => {
    const now = new Date().toISOString();
    const rows = [
      { id: 's1', created_at: now, last_seen_at: now, user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36', ip: null, aal: 'aal1', current: true, sign_in_method: 'passkey' },
      { id: 's2', created_at: now, last_seen_at: now, user_agent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/133.0', ip: null, aal: 'aal1', current: false, sign_in_method: 'password' },
    ];
    const supabase = { rpc: jest.fn(async () => ({ data: rows, error: null })), auth: {} } as unknown as SupabaseClient;
    renderPage(<SessionsList />, { services: { auth: { status: 'signed-in', user, supabase } } });
    expect(await screen.findByText(/Signed in with a passkey · Last seen/)).toBeInTheDocument();
    expect(screen.getByText(/Signed in with a password · Last seen/)).toBeInTheDocument();
  });
});

describe('the loading states of Sign-in security keep the room their drawn state takes (a new account)', () => {
  const never = () => new Promise<never>(() => undefined);
  const supabase = { rpc: jest.fn(never), auth: { mfa: { listFactors: jest.fn(never) }, passkey: { list: jest.fn(never) } } } as unknown as SupabaseClient;

  it.each([
    ['where you are signed in', <SessionsList key="s" />, 'Loading where you are signed in', SESSIONS_ROOM],
    ['two-step sign-in', <TwoStepSignIn key="t" />, 'Loading two-step sign-in', TWO_STEP_ROOM],
    ['passkeys', <Passkeys key="p" />, 'Loading your passkeys', PASSKEYS_ROOM],
  ])('%s: a busy skeleton named for it, as tall as its drawn state, still saying "Loading..."', (_, element, name, room) => {
    renderPage(element, { services: { auth: { status: 'signed-in', user, supabase } } });
    const loading = screen.getByRole('status', { name });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(loading).toHaveClass('ds-widget-placeholder', 'ds-widget-room');
    expect(loading.style.getPropertyValue('--ds-widget-room-phone')).toBe(room.minHeight.phone);
    expect(loading.style.getPropertyValue('--ds-widget-room')).toBe(room.minHeight.wide);
    expect(loading).toHaveTextContent('Loading...');
  });

  it('passkeys: one line of hint text through the design system’s hint variant, no heading bar and no inline margins', () => {
    renderPage(<Passkeys />, { services: { auth: { status: 'signed-in', user, supabase } } });
    const loading = screen.getByRole('status', { name: 'Loading your passkeys' });
    expect(loading).toHaveClass('ds-widget-placeholder--hint');
    expect(loading.querySelector('.ds-widget-placeholder__heading')).toBeNull();
    expect(loading.style.marginBlock + loading.style.fontSize).toBe('');
  });
});
