import { useEffect, useState, type ReactNode } from 'react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useAuth } from '@dossier/shared';
import { EmptyState, LoadingSpinner, Page } from '@dossier/shared/ui';

/** The `app_metadata` claim that opens the diagnostic pages (set with the admin API, never by the person). */
export const STAFF_CLAIM = 'dossier_staff';

export type StaffCheck = 'checking' | 'staff' | 'not-staff' | 'signed-out';

/**
 * Asks the server who this is (`auth.getUser()` verifies the access token there): the stored
 * session in the browser could be edited, the server's answer cannot. `app_metadata` is writable
 * only with the service role.
 */
export async function checkStaff(supabase: SupabaseClient): Promise<StaffCheck> {
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return 'signed-out';
  return data.user.app_metadata?.[STAFF_CLAIM] === true ? 'staff' : 'not-staff';
}

/** Shows the diagnostic pages to product staff only (issue #9 §5): configuration and user ids stay hidden otherwise. */
export function StaffGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [check, setCheck] = useState<StaffCheck>('checking');
  const userId = auth.user?.id;
  useEffect(() => {
    let live = true;
    setCheck('checking');
    checkStaff(auth.supabase).then(
      (result) => live && setCheck(result),
      () => live && setCheck('signed-out'),
    );
    return () => {
      live = false;
    };
  }, [auth.supabase, userId]);
  if (check === 'checking') return <LoadingSpinner />;
  if (check === 'staff') return <>{children}</>;
  return (
    <Page title="Staff only">
      <EmptyState
        title="These diagnostic pages are for Dossier staff"
        description={check === 'signed-out' ? 'Sign in with a staff account to see them.' : 'Your account does not have access to diagnostics.'}
      />
    </Page>
  );
}
