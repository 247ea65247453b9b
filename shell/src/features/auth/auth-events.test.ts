import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js';
import { createAuthEvents, SIGNUP_PENDING_KEY } from './auth-events';

function fakeSupabase() {
  let emit: (event: AuthChangeEvent, session: Session | null) => void = () => undefined;
  const rpc = jest.fn().mockResolvedValue({ data: [], error: null });
  const supabase = {
    rpc,
    auth: {
      onAuthStateChange: (callback: typeof emit) => {
        emit = callback;
        return { data: { subscription: { unsubscribe: jest.fn() } } };
      },
    },
  } as unknown as SupabaseClient;
  return { supabase, rpc, emit: (event: AuthChangeEvent, session: Session | null) => emit(event, session) };
}

const sessionOf = (user: Record<string, unknown>) => ({ access_token: 't', user: { id: 'u1', email: 'ada@example.com', ...user } }) as unknown as Session;
const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('auth events', () => {
  beforeEach(() => localStorage.clear());

  it('onboards a new identity-provider user once, however many SIGNED_IN events arrive', async () => {
    const { supabase, rpc, emit } = fakeSupabase();
    createAuthEvents(supabase);
    const user = { app_metadata: { provider: 'google' }, created_at: '2026-11-21T10:00:00Z', last_sign_in_at: '2026-11-21T10:00:00.050Z' };
    emit('SIGNED_IN', sessionOf(user));
    emit('SIGNED_IN', sessionOf(user));
    await flush();
    expect(rpc).toHaveBeenCalledTimes(1);
    expect(rpc).toHaveBeenCalledWith('create_default_categories');
  });

  it('does not onboard a returning user', async () => {
    const { supabase, rpc, emit } = fakeSupabase();
    createAuthEvents(supabase);
    emit('SIGNED_IN', sessionOf({ app_metadata: { provider: 'google' }, created_at: '2026-01-01T00:00:00Z', last_sign_in_at: '2026-11-21T10:00:00Z' }));
    await flush();
    expect(rpc).not.toHaveBeenCalled();
  });

  it('onboards at sign-up, or at the first sign-in after the confirmation link', async () => {
    const { supabase, rpc, emit } = fakeSupabase();
    const events = createAuthEvents(supabase);
    await events.signedUp({ id: 'u1', email: 'ada@example.com' }, true);
    expect(rpc).toHaveBeenCalledTimes(1);

    const later = fakeSupabase();
    const laterEvents = createAuthEvents(later.supabase);
    await laterEvents.signedUp({ id: 'u2', email: 'ada@example.com' }, false);
    expect(later.rpc).not.toHaveBeenCalled();
    expect(localStorage.getItem(SIGNUP_PENDING_KEY)).toBe('ada@example.com');
    later.emit('SIGNED_IN', sessionOf({ id: 'u2', app_metadata: { provider: 'email' }, created_at: '2026-01-01T00:00:00Z', last_sign_in_at: '2026-01-01T00:05:00Z' }));
    await flush();
    expect(later.rpc).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(SIGNUP_PENDING_KEY)).toBeNull();
    void emit;
  });

  it('enters the new-password step on PASSWORD_RECOVERY', () => {
    const { supabase, emit } = fakeSupabase();
    const events = createAuthEvents(supabase);
    const listener = jest.fn();
    events.subscribe(listener);
    expect(events.recovering()).toBe(false);
    emit('PASSWORD_RECOVERY', sessionOf({}));
    expect(events.recovering()).toBe(true);
    expect(listener).toHaveBeenCalled();
    events.endRecovery();
    expect(events.recovering()).toBe(false);
  });
});
