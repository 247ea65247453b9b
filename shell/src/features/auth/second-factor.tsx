import { useCallback, useEffect, useState } from 'react';
import { useAuth } from '@dossier/shared/contract';

export type SecondFactorState = 'checking' | 'required' | 'satisfied';

/**
 * Whether the signed-in session still owes its second factor: the person has a verified TOTP
 * factor (nextLevel aal2) and this session is aal1. Read from the session supabase-js holds (no
 * request). Row Level Security enforces the same rule on the server (ADR 0099).
 */
export function useSecondFactor(): { state: SecondFactorState; recheck: () => void } {
  const { supabase, status, session } = useAuth();
  const [state, setState] = useState<SecondFactorState>('checking');
  const [tick, setTick] = useState(0);
  const token = session?.access_token;
  useEffect(() => {
    if (status !== 'signed-in') {
      setState(status === 'loading' ? 'checking' : 'satisfied');
      return;
    }
    const mfa = supabase.auth?.mfa;
    if (!mfa?.getAuthenticatorAssuranceLevel) {
      setState('satisfied');
      return;
    }
    let live = true;
    mfa.getAuthenticatorAssuranceLevel().then(
      ({ data }) => {
        if (live) setState(data && data.nextLevel === 'aal2' && data.currentLevel !== 'aal2' ? 'required' : 'satisfied');
      },
      () => live && setState('satisfied'),
    );
    return () => {
      live = false;
    };
  }, [supabase, status, token, tick]);
  return { state, recheck: useCallback(() => setTick((t) => t + 1), []) };
}
