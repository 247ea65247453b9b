import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { USER_MESSAGES } from '@dossier/shared/core';
import PortfolioSummaryWidget from './portfolio-summary-widget';

/** A supabase-js stand-in answering `from('portfolios').select().order().limit()` with `result`. */
function clientAnswering(result: { data: unknown[] | null; error: unknown; count: number | null }) {
  const query = { select: () => query, order: () => query, limit: () => Promise.resolve(result) };
  return { from: (table: string) => (table === 'portfolios' ? query : Promise.reject(new Error(table))) } as unknown as SupabaseClient;
}

function renderWidget(client: SupabaseClient) {
  const services = createFakeServices({ supabase: client });
  render(
    <DossierServicesProvider services={services}>
      <MemoryRouter>
        <PortfolioSummaryWidget />
      </MemoryRouter>
    </DossierServicesProvider>,
  );
}

test('shows how many portfolios there are and links the newest', async () => {
  renderWidget(clientAnswering({ data: [{ id: 'p1', name: 'House purchase', created_at: '2026-11-01' }], error: null, count: 7 }));
  expect(await screen.findByText('7 portfolios')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'House purchase' })).toHaveAttribute('href', '/portfolios/p1');
});

test('an empty account gets a way to start instead of an empty box', async () => {
  renderWidget(clientAnswering({ data: [], error: null, count: 0 }));
  expect(await screen.findByText(/No portfolios yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Portfolios' })).toHaveAttribute('href', '/portfolios');
});

test('a failure shows the classified message and a way to retry', async () => {
  renderWidget(clientAnswering({ data: null, error: { status: 500, message: 'boom' }, count: null }));
  expect(await screen.findByRole('alert')).toHaveTextContent(USER_MESSAGES.serverError);
  expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
});
