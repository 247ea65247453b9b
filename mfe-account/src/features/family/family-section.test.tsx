import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { renderPage } from '../testing/render-page';
import { FamilySection } from './family-section';
import type { FamilyOverview } from './family-api';

// Typing is slow on a busy machine; nothing here measures time.
jest.setTimeout(30_000);

const user = { id: 'u1', email: 'olga@example.com', name: 'Olga' };

function fakeClient(answers: Record<string, unknown>) {
  const rpc = jest.fn(async (name: string) => {
    const answer = answers[name];
    return answer instanceof Error ? { data: null, error: { message: answer.message, code: 'P0001' } } : { data: answer ?? null, error: null };
  });
  return { client: { auth: {}, rpc } as unknown as SupabaseClient, rpc };
}

const ownerView: FamilyOverview = {
  family: { id: 'f1', name: 'Family', is_owner: true, active: true },
  can_invite: true,
  max_members: 5,
  members: [
    { user_id: 'u1', email: 'olga@example.com', role: 'owner', joined_at: '2026-11-20T00:00:00Z', me: true },
    { user_id: 'u2', email: 'max@example.com', role: 'member', joined_at: '2026-11-21T00:00:00Z', me: false },
  ],
  invitations: [{ id: 'i1', email: 'ana@example.com', created_at: '2026-11-22T00:00:00Z', expires_at: '2026-11-29T00:00:00Z' }],
};

describe('the Family part of the plan section', () => {
  it('shows the payer who is in, who is invited and how many places are left, and invites by e-mail', async () => {
    const { client, rpc } = fakeClient({ family_overview: ownerView, invite_family_member: [{ id: 'i2', token: 'a'.repeat(64) }] });
    renderPage(<FamilySection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    const members = await screen.findByRole('list', { name: 'Family members' });
    expect(within(members).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('olga@example.com'), expect.stringContaining('max@example.com')]);
    expect(within(members).queryByRole('button', { name: 'Leave the family' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Invitations waiting' })).getByText('ana@example.com')).toBeInTheDocument();
    expect(screen.getByText('2 places left')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Invite by e-mail'), 'ben@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(rpc).toHaveBeenCalledWith('invite_family_member', { email: 'ben@example.com' });
    expect(await screen.findByText(/We sent an invitation to ben@example.com/)).toBeInTheDocument();
    expect(screen.getByLabelText('Invitation link')).toHaveValue(`${window.location.origin}/settings?family-invite=${'a'.repeat(64)}`);
  });

  it("shows the database's refusal when the family is full", async () => {
    const { client } = fakeClient({ family_overview: ownerView, invite_family_member: new Error('The Family plan is shared by up to 5 people. Remove someone or withdraw an invitation first.') });
    renderPage(<FamilySection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    await userEvent.type(await screen.findByLabelText('Invite by e-mail'), 'ben@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('shared by up to 5 people');
  });

  it('lets a member leave after confirming', async () => {
    const memberView: FamilyOverview = {
      ...ownerView,
      family: { ...ownerView.family!, is_owner: false },
      can_invite: false,
      members: ownerView.members!.map((m) => ({ ...m, me: m.user_id === 'u2' })),
      invitations: [],
    };
    const { client, rpc } = fakeClient({ family_overview: memberView, remove_family_member: null });
    renderPage(<FamilySection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    expect(await screen.findByRole('list', { name: 'Family members' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Invite by e-mail')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Leave the family' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave the family?' }).catch(() => screen.getByRole('dialog', { name: 'Leave the family?' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(rpc).toHaveBeenCalledWith('remove_family_member', { member: 'u2' });
  });

  it('offers to join from an invitation link and says plainly when the invitation is not valid', async () => {
    const { client, rpc } = fakeClient({ family_overview: { family: null, can_invite: false, max_members: 1 }, accept_family_invitation: { ok: false, reason: 'invalid' } });
    renderPage(<FamilySection />, { path: `/settings?family-invite=${'b'.repeat(64)}`, services: { auth: { status: 'signed-in', user, supabase: client } } });
    await userEvent.click(await screen.findByRole('button', { name: 'Join the family' }));
    expect(rpc).toHaveBeenCalledWith('accept_family_invitation', { token: 'b'.repeat(64) });
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation is not valid');
  });

  it('shows nothing to a person with no family and no invitation', async () => {
    const { client, rpc } = fakeClient({ family_overview: { family: null, can_invite: false, max_members: 1 } });
    const { container } = renderPage(<FamilySection />, { path: '/settings', services: { auth: { status: 'signed-in', user, supabase: client } } });
    await new Promise((r) => setTimeout(r, 0));
    expect(rpc).toHaveBeenCalledWith('family_overview', undefined);
    expect(container.querySelector('.dossier-family')).toBeNull();
  });
});
