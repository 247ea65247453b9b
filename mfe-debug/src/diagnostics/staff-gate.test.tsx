import { render, screen } from '@testing-library/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { StaffGate } from './staff-gate';

// Issue #9 §5: the debug routes showed configuration and user ids to anyone.
function renderGate(serverUser: unknown, sessionAppMetadata: Record<string, unknown> = {}) {
  const supabase = { auth: { getUser: jest.fn(async () => ({ data: { user: serverUser }, error: serverUser ? null : new Error('no session') })) } } as unknown as SupabaseClient;
  const services = createFakeServices({
    supabase,
    auth: { status: 'signed-in', user: { id: 'u1', email: 'kim@example.com', name: 'Kim' }, session: { user: { id: 'u1', app_metadata: sessionAppMetadata } } as never },
  });
  render(
    <DossierServicesProvider services={services}>
      <StaffGate>
        <p>Configuration and user ids</p>
      </StaffGate>
    </DossierServicesProvider>,
  );
  return supabase;
}

describe('StaffGate', () => {
  it('shows the diagnostics to a person the server says is staff', async () => {
    renderGate({ id: 'u1', app_metadata: { dossier_staff: true } });
    expect(await screen.findByText('Configuration and user ids')).toBeInTheDocument();
  });

  it('hides them from a signed-in person without the claim', async () => {
    renderGate({ id: 'u1', app_metadata: { provider: 'email' } });
    expect(await screen.findByRole('heading', { name: 'These diagnostic pages are for Dossier staff' })).toBeInTheDocument();
    expect(screen.queryByText('Configuration and user ids')).toBeNull();
  });

  it('does not trust a claim the browser holds in its stored session', async () => {
    const supabase = renderGate({ id: 'u1', app_metadata: {} }, { dossier_staff: true });
    expect(await screen.findByRole('heading', { name: 'Staff only' })).toBeInTheDocument();
    expect(screen.queryByText('Configuration and user ids')).toBeNull();
    expect(supabase.auth.getUser).toHaveBeenCalledWith();
  });

  it('hides them when the server does not recognise the session', async () => {
    renderGate(null);
    expect(await screen.findByText('Sign in with a staff account to see them.')).toBeInTheDocument();
  });
});
