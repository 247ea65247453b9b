import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSupabase } from '@dossier/shared';
import { listTrustedContacts, trustedKeys } from '../../api/trusted-contacts';

export function useTrustedContacts() {
  const client = useSupabase();
  return useQuery({ queryKey: trustedKeys.list, queryFn: () => listTrustedContacts(client), refetchInterval: 60_000 });
}

/** After any step: the lists and the navigation badge (which counts waiting requests too). */
export function useRefreshTrusted(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trustedKeys.all });
    await queryClient.invalidateQueries({ queryKey: ['transfers'] });
  };
}
