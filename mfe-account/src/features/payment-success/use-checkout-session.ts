import { useCallback, useEffect, useRef, useState } from 'react';
import { useSupabase } from '@dossier/shared';
import { BillingApiError, fetchCheckoutSession, type CheckoutSessionState } from '../../api/billing';

export type CheckoutView =
  | { kind: 'missing' }
  | { kind: 'checking' }
  | { kind: 'paid'; plan: string; active: boolean }
  | { kind: 'processing' }
  | { kind: 'not-completed' }
  | { kind: 'expired' }
  | { kind: 'not-found' }
  | { kind: 'error'; error: unknown };

/** How long to keep asking while the payment or the plan switch is still under way. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT = 30;

export function viewOf(state: CheckoutSessionState): CheckoutView {
  if (state.payment_status === 'paid' && state.status === 'complete') return { kind: 'paid', plan: state.plan?.name ?? 'your new plan', active: state.plan_active };
  if (state.status === 'complete') return { kind: 'processing' };
  if (state.status === 'expired') return { kind: 'expired' };
  return { kind: 'not-completed' };
}

/**
 * The real state of a Checkout Session, asked of the server (checkout-session-status), never
 * inferred from the URL. While the payment is processing, or paid but the webhook has not yet
 * switched the plan on, it asks again every two seconds (up to a minute).
 */
export function useCheckoutSession(sessionId: string | null): { view: CheckoutView; retry: () => void } {
  const supabase = useSupabase();
  const [view, setView] = useState<CheckoutView>(sessionId ? { kind: 'checking' } : { kind: 'missing' });
  const [attempt, setAttempt] = useState(0);
  const polls = useRef(0);

  useEffect(() => {
    if (!sessionId) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const state = await fetchCheckoutSession(supabase, sessionId);
        if (!live) return;
        const next = viewOf(state);
        setView(next);
        const pending = next.kind === 'processing' || (next.kind === 'paid' && !next.active);
        if (pending && polls.current < POLL_LIMIT) {
          polls.current += 1;
          timer = setTimeout(() => void load(), POLL_INTERVAL_MS);
        }
      } catch (error) {
        if (!live) return;
        setView(error instanceof BillingApiError && error.status === 404 ? { kind: 'not-found' } : { kind: 'error', error });
      }
    };
    void load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [sessionId, supabase, attempt]);

  const retry = useCallback(() => {
    polls.current = 0;
    setView({ kind: 'checking' });
    setAttempt((n) => n + 1);
  }, []);
  return { view, retry };
}
