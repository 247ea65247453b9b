import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '@dossier/shared';
import { listTransfers, transferKeys } from '../../api/transfers';

/** The caller's transfers; refreshed every 30 s so an answer from the other person shows up. */
export function useTransfers() {
  const client = useSupabase();
  return useQuery({ queryKey: transferKeys.list, queryFn: () => listTransfers(client), refetchInterval: 30_000 });
}

/** After any answer: the lists and the navigation badge (the shell reads the same key). */
export function useRefreshTransfers(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: transferKeys.all });
}
