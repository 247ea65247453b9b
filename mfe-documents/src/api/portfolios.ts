import type { SupabaseClient } from '@supabase/supabase-js';
import { unwrap } from './api-error';

export interface PortfolioOption {
  id: string;
  name: string;
}

export const portfolioKeys = {
  all: ['portfolios'] as const,
  options: () => [...portfolioKeys.all, 'options'] as const,
};

/** The person's portfolios, for the filter and the "move to portfolio" action. */
export async function listPortfolioOptions(client: SupabaseClient): Promise<PortfolioOption[]> {
  const result = await client.from('portfolios').select('id,name').order('name');
  return (unwrap(result, 'list portfolios') ?? []) as PortfolioOption[];
}
