import { render, screen, within } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { AreaProviders } from '../../lib/area-providers';
import { ReminderSettings } from './reminder-settings';

/** A supabase-js stand-in whose reminder settings have the calendar feed switched on. */
function fakeClient() {
  const settings = { days_before: [30], email: true, calendar_token: 'secret-token' };
  const chain = { select: () => chain, maybeSingle: async () => ({ data: settings, error: null }) };
  return { from: () => chain } as unknown as SupabaseClient;
}

test('the calendar feed buttons sit in the design system’s button group, so they never touch (issue 22)', async () => {
  const services = createFakeServices({ supabase: fakeClient(), auth: { status: 'signed-in', user: { id: 'u1', email: 'a@example.com', name: 'A' } } });
  render(
    <DossierServicesProvider services={services}>
      <AreaProviders>
        <ReminderSettings />
      </AreaProviders>
    </DossierServicesProvider>,
  );
  const group = await screen.findByRole('group', { name: 'Calendar feed actions' });
  expect(group).toHaveClass('ds-button-group');
  const actions = within(group).getAllByRole('button').map((b) => b.textContent);
  expect(actions).toEqual(['Copy address', 'Regenerate address', 'Switch feed off']);
  expect(within(group).getByRole('link', { name: 'Download .ics' })).toHaveClass('ds-button');
});
