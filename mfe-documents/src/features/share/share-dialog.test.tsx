import { render, screen, within } from '@testing-library/react';
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

/** A supabase-js stand-in: `list_share_links` answers the given links; every table update is recorded. */
function fakeClient(links: ShareLink[]) {
  const updates: unknown[] = [];
  const answer = { data: null, error: null, status: 204 };
  const chain = { is: () => chain, eq: () => chain, then: (resolve: (value: typeof answer) => void) => resolve(answer) };
  const client = {
    rpc: jest.fn(async (name: string) => (name === 'list_share_links' ? { data: links, error: null, status: 200 } : answer)),
    from: () => ({
      update: (changes: unknown) => {
        updates.push(changes);
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
  });
});
