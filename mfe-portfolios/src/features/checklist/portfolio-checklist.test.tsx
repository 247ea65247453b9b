import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { AreaProviders } from '../../lib/area';
import { PortfolioChecklist } from './portfolio-checklist';

/** A supabase-js stand-in: one checklist slot, one document, and the inserts it is asked for. */
function fakeClient() {
  const inserted: unknown[] = [];
  const answer = (data: unknown[]) => {
    const chain = { select: () => chain, eq: () => chain, is: () => chain, order: () => chain, then: (resolve: (v: unknown) => void) => resolve({ data, error: null }) };
    return chain;
  };
  const client = {
    from: (table: string) =>
      table === 'portfolio_checklist_items'
        ? Object.assign(answer([{ id: 'c1', portfolio_id: 'p1', label: 'Passport', position: 0, document_id: null }]), {
            insert: async (row: unknown) => {
              inserted.push(row);
              return { data: null, error: null };
            },
          })
        : answer([{ id: 'd1', name: 'passport.pdf' }]),
  };
  return { client: client as unknown as SupabaseClient, inserted };
}

test('the checklist is made of design-system parts and asks for a name instead of looking disabled', async () => {
  const { client, inserted } = fakeClient();
  const services = createFakeServices({ supabase: client, auth: { status: 'signed-in', user: { id: 'u1', email: 'a@example.com', name: 'A' } } });
  render(
    <DossierServicesProvider services={services}>
      <AreaProviders>
        <PortfolioChecklist portfolioId="p1" />
      </AreaProviders>
    </DossierServicesProvider>,
  );
  expect(await screen.findByRole('combobox', { name: 'Document for Passport' })).toHaveClass('ds-native-select');
  const input = screen.getByRole('textbox', { name: 'New checklist item' });
  expect(input).toHaveClass('ds-input');
  const add = screen.getByRole('button', { name: 'Add to checklist' });
  expect(add).toHaveClass('ds-button');
  expect(add).toBeEnabled();

  const person = userEvent.setup();
  await person.click(add);
  expect(input).toHaveAccessibleDescription('Name the item first, for example Passport.');
  expect(inserted).toEqual([]);

  await person.type(input, ' Employer letter ');
  expect(input).not.toHaveAttribute('aria-invalid');
  await person.click(add);
  expect(inserted).toEqual([{ portfolio_id: 'p1', label: 'Employer letter', position: 1 }]);
});
