import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { renderPage } from '../testing/render-page';
import { DeleteAccountSection } from './delete-account-section';
import { DeletionNotice } from './deletion-notice';

const user = { id: 'u1', email: 'ana@example.com', name: 'Ana' };

function fakeClient(state: { scheduled: string | null; answer?: unknown }) {
  const rpc = jest.fn(async (name: string) => {
    if (name === 'schedule_account_deletion') {
      const answer = state.answer ?? { scheduled: true, scheduled_for: '2026-12-23T10:00:00Z' };
      if ((answer as { scheduled: boolean }).scheduled) state.scheduled = '2026-12-23T10:00:00Z';
      return { data: answer, error: null };
    }
    if (name === 'cancel_account_deletion') {
      state.scheduled = null;
      return { data: true, error: null };
    }
    return { data: null, error: null };
  });
  const from = jest.fn(() => ({
    select: async () => ({ data: state.scheduled ? [{ scheduled_for: state.scheduled, requested_at: '2026-11-23T10:00:00Z' }] : [], error: null }),
  }));
  return { supabase: { rpc, from } as unknown as SupabaseClient, rpc };
}

describe('Delete account', () => {
  it('asks for the password, says when a wrong one is given, and schedules with the right one', async () => {
    const state: { scheduled: string | null; answer?: unknown } = { scheduled: null, answer: { scheduled: false, reason: 'invalid_password' } };
    const { supabase, rpc } = fakeClient(state);
    renderPage(
      <>
        <DeletionNotice />
        <DeleteAccountSection />
      </>,
      { services: { auth: { status: 'signed-in', user, supabase } } },
    );
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await person.type(screen.getByLabelText('Password'), 'nope');
    await person.click(screen.getByRole('button', { name: 'Delete in 30 days' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That password is not right.');
    expect(rpc).toHaveBeenCalledWith('schedule_account_deletion', { password: 'nope' });

    state.answer = undefined;
    await person.clear(screen.getByLabelText('Password'));
    await person.type(screen.getByLabelText('Password'), 'right');
    await person.click(screen.getByRole('button', { name: 'Delete in 30 days' }));
    expect(await screen.findByRole('region', { name: 'Account deletion' })).toHaveTextContent('Your account will be deleted on');

    await person.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(rpc).toHaveBeenCalledWith('cancel_account_deletion');
    await screen.findByRole('button', { name: 'Delete my account' });
    expect(screen.queryByRole('region', { name: 'Account deletion' })).toBeNull();
  });
});
