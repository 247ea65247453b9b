/** @jest-environment node */
import type { SupabaseClient } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import { LIBRARY_DEFAULT_PARAMS, libraryPagesQuery, prefetchLibraryFirstPage } from './search-documents';

/** A fake client whose search_documents answers, once released, with two rows of three. */
function fakeClient() {
  const calls: Array<Record<string, unknown>> = [];
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => (release = resolve));
  const row = (id: string) => ({ id, name: id, size: '10', rank: '0', total_count: 3 });
  const client = {
    rpc: async (name: string, args: Record<string, unknown>) => {
      calls.push({ name, ...args });
      await answered;
      return { data: [row('a'), row('b')], error: null };
    },
  } as unknown as SupabaseClient;
  return { client, calls, release };
}

describe('the library first page, started before the area', () => {
  it('is one request that the area’s own query of the unfiltered library picks up', async () => {
    const queryClient = new QueryClient();
    const { client, calls, release } = fakeClient();
    expect(prefetchLibraryFirstPage(queryClient, client, { pathname: '/documents', search: '?view=grid' })).toBe(true);
    // The area mounts while the request is in flight: the same key joins it.
    const areaRead = queryClient.fetchInfiniteQuery(libraryPagesQuery(client, { ...LIBRARY_DEFAULT_PARAMS }));
    release();
    const data = await areaRead;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ name: 'search_documents', page_offset: 0, page_limit: 100, trashed: false, sort_by: 'created' });
    expect(data.pages[0]).toMatchObject({ total: 3, items: [{ id: 'a', size: 10 }, { id: 'b', size: 10 }] });
  });

  it('leaves a filtered address, or another page, to the area', () => {
    const queryClient = new QueryClient();
    const { client, calls } = fakeClient();
    expect(prefetchLibraryFirstPage(queryClient, client, { pathname: '/documents', search: '?q=tax' })).toBe(false);
    expect(prefetchLibraryFirstPage(queryClient, client, { pathname: '/documents', search: '?trash=1' })).toBe(false);
    expect(prefetchLibraryFirstPage(queryClient, client, { pathname: '/portfolios', search: '' })).toBe(false);
    expect(calls).toHaveLength(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });
});
