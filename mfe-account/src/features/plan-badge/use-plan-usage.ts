import { useCallback, useEffect, useState } from 'react';
import { useSupabase } from '@dossier/shared';
import { fetchPlanUsage, type PlanUsage } from '../../api/billing';

export type Loadable<T> = { state: 'loading' } | { state: 'error'; error: unknown } | { state: 'ready'; data: T };

/** The signed-in person's plan and how much of each limit they use (my_plan_usage). */
export function usePlanUsage(): { usage: Loadable<PlanUsage>; reload: () => void } {
  const supabase = useSupabase();
  const [usage, setUsage] = useState<Loadable<PlanUsage>>({ state: 'loading' });
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    fetchPlanUsage(supabase).then(
      (data) => live && setUsage({ state: 'ready', data }),
      (error: unknown) => live && setUsage({ state: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [supabase, n]);
  const reload = useCallback(() => setN((x) => x + 1), []);
  return { usage, reload };
}
