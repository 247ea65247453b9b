import { render, screen, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import type { DocumentEvent } from '../../api/document-events';
import { DocumentHistory } from './document-history';

/** Answers the history query (from → select → eq → order → order → limit) with `rows`. */
function historyClient(rows: DocumentEvent[]): SupabaseClient {
  const chain = {
    select: () => chain,
    eq: () => chain,
    order: () => chain,
    limit: async () => ({ data: rows, error: null }),
  };
  return { from: () => chain } as unknown as SupabaseClient;
}

describe('Document history', () => {
  it('puts its heading and the CSV export in the design system’s title row, then lists what happened', async () => {
    const rows: DocumentEvent[] = [{ id: 1, document_id: 'doc-1', kind: 'uploaded', actor_email: 'ana@example.com', detail: {}, at: '2026-11-20T10:00:00Z' }];
    const services = createFakeServices({ supabase: historyClient(rows), auth: { status: 'signed-in', user: { id: 'u1', email: 'ana@example.com', name: 'Ana' } } });
    render(
      <DossierServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <DocumentHistory documentId="doc-1" />
        </QueryClientProvider>
      </DossierServicesProvider>,
    );
    const section = screen.getByRole('region', { name: 'History' });
    // Issue 23: the row's layout lives once, in @dossier/shared/ui, not in this area's CSS.
    const head = within(section).getByRole('heading', { level: 3, name: 'History' }).parentElement!;
    expect(head).toHaveClass('ds-title-row');
    expect(within(head).getByRole('button', { name: 'Export all history (CSV)' })).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Document history' });
    expect(list).toHaveTextContent('Uploaded from this device');
    // The events in order, drawn as the design system's PlainList (no copy of its list reset in history.css).
    expect(list.tagName).toBe('OL');
    expect(list).toHaveClass('ds-plain-list', 'document-history__list');
  });
});
