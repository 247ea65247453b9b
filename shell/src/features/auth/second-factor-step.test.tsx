import { fireEvent, render, screen } from '@testing-library/react';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared';
import { SecondFactorStep } from './second-factor-step';

// This browser can use passkeys (jsdom has no WebAuthn); the rest of shared/core is the real one.
jest.mock('@dossier/shared/core', () => ({ ...jest.requireActual('@dossier/shared/core'), passkeysSupported: () => true }));

type Factor = { id: string; factor_type: 'totp' | 'webauthn'; status: 'verified' | 'unverified' };

function renderStep(factors: Factor[]) {
  const supabase = { auth: { mfa: { listFactors: async () => ({ data: { all: factors, totp: factors.filter((f) => f.factor_type === 'totp') }, error: null }) } } };
  const services = { auth: { status: 'signed-in', supabase, signOut: async () => undefined } } as unknown as DossierServices;
  return render(
    <DossierServicesProvider services={services}>
      <SecondFactorStep onPassed={() => undefined} />
    </DossierServicesProvider>,
  );
}

describe('the two-step screen leads with what the person set up (issue 27)', () => {
  it('a passkey as the only second step: the passkey is the action, no code field; a recovery code is one tap away', async () => {
    renderStep([{ id: 'f-passkey', factor_type: 'webauthn', status: 'verified' }]);
    const passkey = await screen.findByRole('button', { name: 'Use your passkey' });
    expect(passkey).toHaveClass('ds-button--primary');
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Lost your passkey? Use a recovery code' }));
    expect(await screen.findByLabelText('Recovery code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use your passkey instead' })).toBeInTheDocument();
  });

  it('an authenticator app and a passkey: the code leads, the passkey is the alternative', async () => {
    renderStep([
      { id: 'f-totp', factor_type: 'totp', status: 'verified' },
      { id: 'f-passkey', factor_type: 'webauthn', status: 'verified' },
    ]);
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use your passkey instead' })).toHaveClass('ds-button--secondary');
    expect(screen.getByRole('button', { name: 'Lost your phone? Use a recovery code' })).toBeInTheDocument();
  });

  it('an unverified passkey does not count: the code field, as for an app', async () => {
    renderStep([
      { id: 'f-totp', factor_type: 'totp', status: 'verified' },
      { id: 'f-passkey', factor_type: 'webauthn', status: 'unverified' },
    ]);
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use your passkey/ })).not.toBeInTheDocument();
  });
});
