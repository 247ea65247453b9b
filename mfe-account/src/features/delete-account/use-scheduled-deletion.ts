import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@dossier/shared';
import { accountSecurityKeys, cancelDeletion, scheduledDeletion } from '../../api/account-security';

/** The person's scheduled deletion (or null) and a way to cancel it. */
export function useScheduledDeletion() {
  const { supabase, status } = useAuth();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: accountSecurityKeys.deletion, queryFn: () => scheduledDeletion(supabase), enabled: status === 'signed-in' });
  const cancel = useMutation({
    mutationFn: () => cancelDeletion(supabase),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.deletion }),
  });
  return { query, cancel };
}

export function deletionDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}
