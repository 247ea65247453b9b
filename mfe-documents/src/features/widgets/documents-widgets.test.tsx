import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { USER_MESSAGES } from '@dossier/shared/core';
import { createFakeServices } from '@dossier/shared/testing';
import { DataError } from '@dossier/shared/core';
import { recentDocuments } from '../../api/documents';
import { listReminders, radarDocuments } from '../../api/reminders';
import { listCategoriesWithCounts } from '../../api/categories';
import { CategoryCountsWidget, ExpiringSoonWidget, RecentDocumentsWidget } from './documents-widgets';

// The queries' definitions keep their real keys; only their fetch is faked.
jest.mock('../../api/documents', () => {
  const actual = jest.requireActual('../../api/documents');
  const recentDocuments = jest.fn();
  const recentDocumentsQuery = (client: unknown, limit: number) => ({ ...actual.recentDocumentsQuery(client, limit), queryFn: () => recentDocuments(client, limit) });
  return { ...actual, recentDocuments, recentDocumentsQuery };
});
jest.mock('../../api/reminders', () => ({ ...jest.requireActual('../../api/reminders'), radarDocuments: jest.fn(), listReminders: jest.fn() }));
jest.mock('../../api/categories', () => {
  const actual = jest.requireActual('../../api/categories');
  const listCategoriesWithCounts = jest.fn();
  const categoryCountsQuery = (client: unknown) => ({ ...actual.categoryCountsQuery(client), queryFn: () => listCategoriesWithCounts(client) });
  return { ...actual, listCategoriesWithCounts, categoryCountsQuery };
});

const doc = (name: string, extra: Record<string, unknown> = {}) => ({
  id: `id-${name}`,
  name,
  created_at: '2026-11-20T10:00:00Z',
  expires_on: null,
  ...extra,
});

function renderWidget(Widget: React.ComponentType<Record<string, unknown>>, props: Record<string, unknown> = {}) {
  const services = createFakeServices({
    supabase: {} as SupabaseClient,
    auth: { status: 'signed-in', user: { id: 'u1', email: 'a@example.com', name: 'A' } },
  });
  return render(
    <MemoryRouter>
      <DossierServicesProvider services={services}>
        <Widget placement="dashboard" {...props} />
      </DossierServicesProvider>
    </MemoryRouter>,
  );
}

describe('documents widgets', () => {
  beforeEach(() => jest.resetAllMocks());

  it('recent documents: loading, then the names as text', async () => {
    jest.mocked(recentDocuments).mockResolvedValue([doc('<b>bold</b>.pdf')] as never);
    renderWidget(RecentDocumentsWidget);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('link', { name: '<b>bold</b>.pdf' })).toHaveAttribute('href', '/documents?doc=id-<b>bold</b>.pdf');
    expect(document.querySelector('b')).toBeNull();
  });

  it('recent documents: an empty state', async () => {
    jest.mocked(recentDocuments).mockResolvedValue([]);
    renderWidget(RecentDocumentsWidget);
    expect(await screen.findByText(/Nothing added yet/)).toBeInTheDocument();
  });

  it('expiry radar: overdue, this month and next 3 months, each with Renewed', async () => {
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    jest.mocked(listReminders).mockResolvedValue([]);
    jest.mocked(radarDocuments).mockResolvedValue([
      doc('old-licence.png', { expires_on: inDays(-5) }),
      doc('passport.png', { expires_on: inDays(20) }),
      doc('policy.pdf', { expires_on: inDays(60) }),
    ] as never);
    renderWidget(ExpiringSoonWidget);
    expect(await screen.findByRole('region', { name: 'Overdue' })).toHaveTextContent('old-licence.png');
    expect(screen.getByRole('region', { name: 'This month' })).toHaveTextContent('passport.png');
    expect(screen.getByRole('region', { name: 'Next 3 months' })).toHaveTextContent('policy.pdf');
    expect(screen.getByRole('button', { name: 'Renewed passport.png' })).toBeInTheDocument();
  });

  it('expiring soon: the classified error, never the raw message, with Try Again', async () => {
    jest.mocked(listReminders).mockResolvedValue([]);
    jest.mocked(radarDocuments).mockRejectedValue(new DataError('relation "x" does not exist at line 3', { status: 500 }));
    renderWidget(ExpiringSoonWidget);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(USER_MESSAGES.serverError);
    expect(alert).not.toHaveTextContent('relation');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('category counts: only categories in use, most used first, linking to the filtered library', async () => {
    jest.mocked(listCategoriesWithCounts).mockResolvedValue([
      { id: 'c1', name: 'Travel', document_count: 1 },
      { id: 'c2', name: 'Tax Documents', document_count: 4 },
      { id: 'c3', name: 'Receipts', document_count: 0 },
    ]);
    renderWidget(CategoryCountsWidget);
    const links = await screen.findAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Tax Documents', 'Travel']);
    expect(links[0]).toHaveAttribute('href', '/documents?category=c2');
  });

  it('category counts: documents that are all uncategorised are not called "no documents"', async () => {
    jest.mocked(listCategoriesWithCounts).mockResolvedValue([{ id: 'c1', name: 'Travel', document_count: 0 }]);
    renderWidget(CategoryCountsWidget);
    expect(await screen.findByText(/No document is in a category yet/)).toBeInTheDocument();
    expect(screen.queryByText(/No documents yet/)).toBeNull();
  });

  it('category counts: the card carries the title the dashboard gives it, and its own name elsewhere', async () => {
    jest.mocked(listCategoriesWithCounts).mockResolvedValue([{ id: 'c1', name: 'Travel', document_count: 2 }]);
    const { unmount } = renderWidget(CategoryCountsWidget, { title: 'Your categories' });
    expect(await screen.findByRole('heading', { name: 'Your categories' })).toBeInTheDocument();
    expect(screen.queryByText('Documents by category')).toBeNull();
    unmount();
    renderWidget(CategoryCountsWidget);
    expect(await screen.findByRole('heading', { name: 'Documents by category' })).toBeInTheDocument();
  });
});
