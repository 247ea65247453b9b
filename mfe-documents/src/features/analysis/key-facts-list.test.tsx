import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { KeyFacts } from './key-facts-list';

/** A client that records every request: reads return the stored notes, updates succeed. */
function recordingClient(notes: string | null) {
  const calls: Array<{ table: string; op: string; value?: unknown }> = [];
  const row = { id: 'doc-1', name: 'schedule.pdf', notes };
  const from = (table: string) => {
    const chain = {
      select: () => chain,
      eq: () => chain,
      update: (value: unknown) => {
        calls.push({ table, op: 'update', value });
        return chain;
      },
      maybeSingle: async () => {
        calls.push({ table, op: 'read' });
        return { data: row, error: null };
      },
      single: async () => ({ data: row, error: null }),
    };
    return chain;
  };
  return { client: { from } as unknown as SupabaseClient, calls };
}

const TEXT = 'HOME INSURANCE SCHEDULE\nPolicy number: HX-4471-22\nAnnual premium: £1,234.56\nCustomer helpline: 0800 123 4567';

function renderFacts(notes: string | null, client: SupabaseClient) {
  const services = createFakeServices({ supabase: client });
  render(
    <DossierServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <KeyFacts doc={{ id: 'doc-1', notes }} text={TEXT} />
      </QueryClientProvider>
    </DossierServicesProvider>,
  );
}

describe('Found in the text', () => {
  it('lists each fact with its source and writes nothing until the person clicks', async () => {
    const { client, calls } = recordingClient('Renew with the broker.');
    renderFacts('Renew with the broker.', client);
    const region = screen.getByRole('region', { name: 'Found in the text' });
    expect(region).toHaveTextContent('Policy number: HX-4471-22');
    expect(region).toHaveTextContent('From “Policy number: HX-4471-22”');
    expect(region).toHaveTextContent('Annual premium: £1,234.56');
    expect(region).not.toHaveTextContent('0800');
    expect(calls).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add Policy number to notes' }));
    expect(calls.filter((c) => c.op === 'update')).toEqual([
      { table: 'documents', op: 'update', value: { notes: 'Renew with the broker.\nPolicy number: HX-4471-22' } },
    ]);
  });

  it('says "In notes" for a value the notes already carry', () => {
    const { client } = recordingClient('Policy number: HX-4471-22');
    renderFacts('Policy number: HX-4471-22', client);
    expect(screen.queryByRole('button', { name: 'Add Policy number to notes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Annual premium to notes' })).toBeEnabled();
    expect(screen.getByText('In notes')).toBeInTheDocument();
  });
});
