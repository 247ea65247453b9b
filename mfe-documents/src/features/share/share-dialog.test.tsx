import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices, stubLayoutApis } from '@dossier/shared/testing';
import type { ShareLink } from '../../api/share-links';
import { AreaProviders } from '../../lib/area-providers';
import { ShareDialog } from './share-dialog';

beforeAll(stubLayoutApis);

const link = (id: string, label: string): ShareLink => ({
  id,
  document_id: 'd1',
  portfolio_id: null,
  label,
  expires_at: null,
  max_views: null,
  view_count: 0,
  allow_download: true,
  revoked_at: null,
  created_at: '2026-11-01T10:00:00Z',
  has_password: false,
  state: 'active',
  last_viewed_at: null,
});

/**
 * A supabase-js stand-in: `list_share_links` answers the links as they are at that moment;
 * `create_share_link` adds an active one; every table update is recorded, and a revoke applies
 * to the links (as the database would).
 */
function fakeClient(initial: ShareLink[]) {
  let links = initial;
  const updates: unknown[] = [];
  const answer = { data: null, error: null, status: 204 };
  const chain = { is: () => chain, eq: () => chain, then: (resolve: (value: typeof answer) => void) => resolve(answer) };
  const client = {
    rpc: jest.fn(async (name: string) => {
      if (name === 'list_share_links') return { data: links, error: null, status: 200 };
      if (name === 'create_share_link') {
        links = [link('new', ''), ...links];
        return { data: [{ id: 'new', token: 'T'.repeat(32) }], error: null, status: 200 };
      }
      return answer;
    }),
    from: () => ({
      update: (changes: { revoked_at?: string }) => {
        updates.push(changes);
        if (changes.revoked_at) links = links.map((l) => ({ ...l, state: 'revoked' as const, revoked_at: changes.revoked_at ?? null }));
        return chain;
      },
    }),
  } as unknown as SupabaseClient;
  return { client, updates };
}

function renderDialog(links: ShareLink[], onClose = jest.fn()) {
  const { client, updates } = fakeClient(links);
  render(
    <DossierServicesProvider services={createFakeServices({ supabase: client })}>
      <button type="button">Share</button>
      <AreaProviders>
        <ShareDialog target={{ documentId: 'd1' }} title="Passport" onClose={onClose} />
      </AreaProviders>
    </DossierServicesProvider>,
  );
  return { updates, onClose };
}

describe('the share dialog', () => {
  it("is the design system's dialog: named by its title, fields labelled, focus inside, Escape closes", async () => {
    const { onClose } = renderDialog([]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Passport”' });
    expect(dialog).toHaveClass('ds-dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Expires' })).toHaveValue('7');
    expect(within(dialog).getByLabelText('Password (optional)')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByRole('checkbox', { name: 'Allow download (otherwise view only)' })).toBeChecked();
    expect(await within(dialog).findByText('No links yet.')).toBeInTheDocument();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("puts the links' heading and each link's name in the design system's title row (issue 23: no copy of its CSS here)", async () => {
    renderDialog([link('l1', 'Bank'), link('l2', 'Accountant')]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Passport”' });
    const rows = await within(dialog).findAllByTestId('share-link');
    const head = within(dialog).getByRole('heading', { level: 3, name: 'Links' }).parentElement!;
    expect(head).toHaveClass('ds-title-row', 'share-links-head');
    expect(head.lastElementChild).toBe(within(head).getByRole('button', { name: 'Revoke all' }));
    expect(rows.map((row) => row.firstElementChild?.className)).toEqual(['ds-title-row', 'ds-title-row']);
    expect([...rows[0].firstElementChild!.children].map((child) => child.textContent)).toEqual(['Bank', 'Active']);
  });

  it('asks before revoking every link, in its own dialog, and revokes only on confirm', async () => {
    const { updates, onClose } = renderDialog([link('l1', 'Bank'), link('l2', 'Accountant')]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Passport”' });
    expect(await within(dialog).findAllByTestId('share-link')).toHaveLength(2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke all' }));
    let ask = await screen.findByRole('alertdialog', { name: 'Revoke all 2 active links?' });
    // Destructive: Cancel holds the focus, and Escape closes only the question, not the share dialog behind it.
    expect(within(ask).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(updates).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke all' }));
    ask = await screen.findByRole('alertdialog', { name: 'Revoke all 2 active links?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Revoke 2 links' }));
    expect(updates).toEqual([{ revoked_at: expect.any(String) }]);
    expect(onClose).not.toHaveBeenCalled();
    // Revoke all goes with the live links; the keyboard's place is the links' heading, not the page.
    await waitFor(() => expect(within(dialog).getByRole('heading', { level: 3, name: 'Links' })).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: 'Revoke all' })).not.toBeInTheDocument();
  });

  it('asks before revoking one link too, and revokes only on confirm', async () => {
    const { updates } = renderDialog([link('l1', 'Bank')]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Passport”' });
    const row = await within(dialog).findByTestId('share-link');

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke this link?' });
    expect(ask).toHaveTextContent('Anyone holding it loses access at once. This cannot be undone.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(updates).toEqual([]);
    expect(within(row).getByText('Active')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));
    expect(updates).toEqual([{ revoked_at: expect.any(String) }]);
    expect(await within(row).findByText('Revoked')).toBeInTheDocument();
    // Revoke is gone with the link; the focus it held is on the row's View log, not lost to the page.
    await waitFor(() => expect(within(row).getByRole('button', { name: 'View log' })).toHaveFocus());
  });

  it('stops offering a new link once it is revoked: no dead link to copy or share (found by hand)', async () => {
    renderDialog([]);
    const dialog = await screen.findByRole('dialog', { name: 'Share “Passport”' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const created = await within(dialog).findByRole('region', { name: 'New link' });
    expect((within(created).getByRole('textbox', { name: 'Link' }) as HTMLInputElement).value).toMatch(/\/link\/T{32}$/);
    expect(within(created).getByRole('button', { name: 'Share link' })).toBeInTheDocument();

    const row = await within(dialog).findByTestId('share-link');
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    await userEvent.click(within(await screen.findByRole('alertdialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));

    expect(await within(row).findByText('Revoked')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'New link' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
    // The form is back, for a link that works.
    expect(within(dialog).getByRole('button', { name: 'Create link' })).toBeInTheDocument();
  });
});
