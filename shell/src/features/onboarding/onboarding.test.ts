import type { SupabaseClient } from '@supabase/supabase-js';
import { createOnboarding, isNewIdentityProviderUser } from './onboarding';

describe('isNewIdentityProviderUser (SPEC §4: created time equals last sign-in time)', () => {
  const at = '2026-11-21T10:00:00.000Z';
  it('is true on the first identity-provider sign-in', () => {
    expect(isNewIdentityProviderUser({ app_metadata: { provider: 'google' }, created_at: at, last_sign_in_at: '2026-11-21T10:00:00.012Z' })).toBe(true);
  });
  it('is false for a returning user', () => {
    expect(isNewIdentityProviderUser({ app_metadata: { provider: 'google' }, created_at: at, last_sign_in_at: '2026-11-24T08:00:00Z' })).toBe(false);
  });
  it('is false for e-mail users (their sign-up event onboards them)', () => {
    expect(isNewIdentityProviderUser({ app_metadata: { provider: 'email' }, created_at: at, last_sign_in_at: at })).toBe(false);
  });
  it('is false without a last sign-in', () => {
    expect(isNewIdentityProviderUser({ app_metadata: { provider: 'google' }, created_at: at })).toBe(false);
  });
});

describe('createOnboarding', () => {
  it('calls create_default_categories once per user however often it is asked', async () => {
    const rpc = jest.fn().mockResolvedValue({ data: new Array(20).fill({}), error: null });
    const onboard = createOnboarding({ rpc } as unknown as SupabaseClient);
    await Promise.all([onboard('u1'), onboard('u1'), onboard('u1')]);
    await onboard('u1');
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('create_default_categories');
  });

  it('lets a later event try again after a failure', async () => {
    const onError = jest.fn();
    const rpc = jest.fn().mockResolvedValueOnce({ data: null, error: { message: 'offline' } }).mockResolvedValue({ data: [], error: null });
    const onboard = createOnboarding({ rpc } as unknown as SupabaseClient, onError);
    await onboard('u1');
    expect(onError).toHaveBeenCalledTimes(1);
    await onboard('u1');
    expect(rpc).toHaveBeenCalledTimes(2);
  });
});
