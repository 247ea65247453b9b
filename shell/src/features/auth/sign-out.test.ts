import type { SupabaseClient } from '@supabase/supabase-js';
import { LOGOUT_DELAY_MS } from '@dossier/shared/core';
import { signOutAndReload } from './sign-out';

describe('signOutAndReload (SPEC §4 logout)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('signs out globally, waits 500 ms, then reloads /?logout', async () => {
    const signOut = jest.fn().mockResolvedValue({ error: null });
    const go = jest.fn();
    const done = signOutAndReload({ auth: { signOut } } as unknown as SupabaseClient, { go });
    await jest.advanceTimersByTimeAsync(0);
    expect(signOut).toHaveBeenCalledWith({ scope: 'global' });
    await jest.advanceTimersByTimeAsync(LOGOUT_DELAY_MS - 1);
    expect(go).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(go).toHaveBeenCalledWith('/?logout');
  });

  it('still reloads when the sign-out call fails', async () => {
    const go = jest.fn();
    const done = signOutAndReload({ auth: { signOut: jest.fn().mockRejectedValue(new Error('offline')) } } as unknown as SupabaseClient, { go });
    await jest.advanceTimersByTimeAsync(LOGOUT_DELAY_MS);
    await done;
    expect(go).toHaveBeenCalledWith('/?logout');
  });
});
