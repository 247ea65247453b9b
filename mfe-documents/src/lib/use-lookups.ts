import { useQuery } from '@tanstack/react-query';
import { useAuth, useSupabase } from '@dossier/shared';
import { categoryCountsQuery } from '../api/categories';
import { listPortfolioOptions, portfolioKeys } from '@dossier/shared/core';
import { listTagsWithUsage, tagKeys } from '../api/tags';

/** The person's categories with live document counts. */
export function useCategories() {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ ...categoryCountsQuery(client), enabled: signedIn });
}

export function useTags() {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: tagKeys.usage(), queryFn: () => listTagsWithUsage(client), enabled: signedIn });
}

export function usePortfolios() {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: portfolioKeys.options(), queryFn: () => listPortfolioOptions(client), enabled: signedIn });
}
