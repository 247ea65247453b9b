import type { SupabaseClient } from '@supabase/supabase-js';

export interface PortfolioSummaryRow {
  id: string;
  name: string;
  created_at: string;
}

export const portfolioKeys = {
  all: ['portfolios'] as const,
  summary: (limit: number) => ['portfolios', 'summary', limit] as const,
};

/** The newest portfolios of the signed-in user (RLS confines the rows) and how many there are. */
export async function portfolioSummary(client: SupabaseClient, limit: number): Promise<{ total: number; latest: PortfolioSummaryRow[] }> {
  const { data, error, count } = await client
    .from('portfolios')
    .select('id, name, created_at', { count: 'exact' })
    .order('created_at', { ascending: false })
    .limit(limit);
  if (error) throw error;
  return { total: count ?? data.length, latest: data ?? [] };
}
