import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices, createMemoryToasts } from '@dossier/shared/testing';
import type { PortfolioOverview } from '@dossier/shared/core';
import { AreaProviders } from '../../lib/area';
import PortfoliosPage from './portfolios-page';
import { UNDO_WINDOW_MS, useDeletePortfolio, usePendingPortfolioDeletes } from './use-delete-portfolio';

const visa: PortfolioOverview = {
  id: 'p-visa',
  name: 'Visa',
  description: '',
  color: '#2563eb',
  icon: 'folder',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  document_count: 3,
  total_size: 10,
  nearest_expiry: null,
  last_changed: '2026-01-01T00:00:00Z',
};

/** A supabase-js stand-in: the overview, no family, and the portfolio deletes it is asked for. */
function fakeClient() {
  const deleted: string[] = [];
  const client = {
    rpc: async (name: string) => ({ data: name === 'portfolio_overview' ? [visa] : null, error: null }),
    from: () => ({
      delete: () => ({
        eq: async (_column: string, id: string) => {
          deleted.push(id);
          return { data: null, error: null };
        },
      }),
    }),
  };
  return { client: client as unknown as SupabaseClient, deleted };
}

function setup() {
  const { client, deleted } = fakeClient();
  const toasts = createMemoryToasts();
  const services = createFakeServices({ supabase: client, toasts, auth: { status: 'signed-in', user: { id: 'u1', email: 'a@example.com', name: 'A' } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DossierServicesProvider services={services}>
      <MemoryRouter>
        <AreaProviders>{children}</AreaProviders>
      </MemoryRouter>
    </DossierServicesProvider>
  );
  return { deleted, toasts: toasts.stacked, wrapper };
}

describe('deleting a portfolio (undo, as Google Drive)', () => {
  afterEach(() => jest.useRealTimers());

  it('deletes nothing during the undo window, then deletes it for real — even after the page is left', async () => {
    jest.useFakeTimers();
    const { deleted, toasts, wrapper } = setup();
    const { result, unmount } = renderHook(() => ({ remove: useDeletePortfolio(), pending: usePendingPortfolioDeletes() }), { wrapper });
    await act(() => result.current.remove(visa));

    expect(result.current.pending.has('p-visa')).toBe(true);
    const toast = toasts.toasts.find((t) => t.title === 'Deleted “Visa”');
    expect(toast).toMatchObject({ duration: UNDO_WINDOW_MS, action: { label: 'Undo' }, description: 'Its 3 documents stay in Documents, without a portfolio. Its links stop working.' });
    act(() => jest.advanceTimersByTime(UNDO_WINDOW_MS - 1));
    expect(deleted).toEqual([]);

    unmount(); // the person went to another page: the delete still happens once, when the window ends
    await act(async () => jest.advanceTimersByTime(1));
    expect(deleted).toEqual(['p-visa']);
  });

  it('Undo keeps the portfolio: nothing reaches the database', async () => {
    jest.useFakeTimers();
    const { deleted, toasts, wrapper } = setup();
    const { result } = renderHook(() => ({ remove: useDeletePortfolio(), pending: usePendingPortfolioDeletes() }), { wrapper });
    await act(() => result.current.remove(visa));
    act(() => toasts.toasts.find((t) => t.title === 'Deleted “Visa”')?.action?.onClick());

    expect(result.current.pending.has('p-visa')).toBe(false);
    expect(toasts.toasts.map((t) => t.title)).toContain('Restored “Visa”');
    await act(async () => jest.advanceTimersByTime(UNDO_WINDOW_MS * 2));
    expect(deleted).toEqual([]);
  });

  it('the list drops the card at once, without a browser confirm, and Undo brings it back', async () => {
    const confirm = jest.spyOn(window, 'confirm');
    const { deleted, toasts, wrapper } = setup();
    render(<PortfoliosPage />, { wrapper });
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'More actions for Visa' }));
    await person.click(await screen.findByRole('menuitem', { name: 'Delete portfolio' }));

    await waitFor(() => expect(screen.queryByRole('link', { name: /Visa/ })).not.toBeInTheDocument());
    expect(confirm).not.toHaveBeenCalled();
    act(() => toasts.toasts.find((t) => t.action?.label === 'Undo')?.action?.onClick());
    expect(await screen.findByRole('link', { name: /Visa/ })).toBeInTheDocument();
    expect(deleted).toEqual([]);
    confirm.mockRestore();
  });
});
