import type { SupabaseClient } from '@supabase/supabase-js';
import { getPortfolio } from './portfolios-api';

describe('getPortfolio', () => {
  it('answers "none" for an id that is no id at all, without asking the server (which would fail with "Invalid request")', async () => {
    const from = jest.fn(() => {
      throw new Error('the server was asked');
    });
    await expect(getPortfolio({ from } as unknown as SupabaseClient, 'not-a-real-id')).resolves.toBeNull();
    expect(from).not.toHaveBeenCalled();
  });

  it('asks the server for a well-formed id', async () => {
    const maybeSingle = jest.fn(async () => ({ data: null, error: null }));
    const chain = { select: () => chain, eq: () => chain, maybeSingle };
    const from = jest.fn(() => chain);
    await expect(getPortfolio({ from } as unknown as SupabaseClient, '00000000-0000-4000-8000-000000000001')).resolves.toBeNull();
    expect(from).toHaveBeenCalledWith('portfolios');
  });
});
