import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { ERROR_SCREEN_BUTTONS, USER_MESSAGES } from '@dossier/shared/core';
import PortfolioSummaryWidget from './portfolio-summary-widget';

/** A supabase-js stand-in answering `rpc('portfolio_overview')` with `result`. */
function clientAnswering(result: { data: unknown[] | null; error: unknown; status?: number }) {
  return { rpc: (name: string) => (name === 'portfolio_overview' ? Promise.resolve(result) : Promise.reject(new Error(name))) } as unknown as SupabaseClient;
}

function renderWidget(client: SupabaseClient) {
  const services = createFakeServices({ supabase: client, auth: { status: 'signed-in', user: { id: 'u1', email: 'a@example.com', name: 'A' } } });
  render(
    <DossierServicesProvider services={services}>
      <MemoryRouter>
        <PortfolioSummaryWidget />
      </MemoryRouter>
    </DossierServicesProvider>,
  );
}

const row = (id: string, name: string, count: number, changed: string, expiry: string | null = null) => ({
  id,
  name,
  description: '',
  color: '#2563eb',
  icon: 'folder',
  created_at: changed,
  updated_at: changed,
  document_count: String(count),
  total_size: '10',
  nearest_expiry: expiry,
  last_changed: changed,
});

test('shows how many portfolios and documents there are and links the latest changed first', async () => {
  renderWidget(
    clientAnswering({
      data: [row('p1', 'House purchase', 3, '2026-11-01T00:00:00Z', '2027-03-01'), row('p2', 'Visa', 2, '2026-11-05T00:00:00Z')],
      error: null,
    }),
  );
  expect(await screen.findByText(/2 portfolios · 5 documents · next expiry/)).toBeInTheDocument();
  const links = screen.getAllByRole('link');
  expect(links.map((l) => l.getAttribute('href'))).toEqual(['/portfolios/p2', '/portfolios/p1']);
});

test('an empty account gets a way to start instead of an empty box', async () => {
  renderWidget(clientAnswering({ data: [], error: null }));
  expect(await screen.findByText(/No portfolios yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Portfolios' })).toHaveAttribute('href', '/portfolios');
});

test('a failure shows the classified message and a way to retry', async () => {
  renderWidget(clientAnswering({ data: null, error: { message: 'boom' }, status: 500 }));
  expect(await screen.findByRole('alert')).toHaveTextContent(USER_MESSAGES.serverError);
  expect(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeInTheDocument();
});
