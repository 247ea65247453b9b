import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { categoryCountsQuery } from '../../api/categories';
import { documentKeys, recentDocumentsQuery } from '../../api/documents';
import { dashboardQueries, LIBRARY_REFRESH_SETTLE_MS, settledLibraryRefresh } from './settled-library-refresh';

function fakeClient() {
  const keys: unknown[] = [];
  return { keys, client: { invalidateQueries: jest.fn(async ({ queryKey }: { queryKey: unknown }) => void keys.push(queryKey)), getQueryCache: () => ({ findAll: () => [] }), fetchQuery: jest.fn() } };
}

describe('settledLibraryRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes once after a burst of stored files settles', () => {
    const { client, keys } = fakeClient();
    const refresh = settledLibraryRefresh(client as never);
    refresh();
    refresh();
    refresh();
    expect(keys).toHaveLength(0);
    jest.advanceTimersByTime(LIBRARY_REFRESH_SETTLE_MS);
    expect(keys).toEqual(expect.arrayContaining([documentKeys.all]));
    expect(keys).toHaveLength(3);
  });

  it('a refresh still pending when the uploader closes happens at once, not never', () => {
    const { client, keys } = fakeClient();
    const refresh = settledLibraryRefresh(client as never);
    refresh();
    refresh.flush();
    expect(keys).toEqual(expect.arrayContaining([documentKeys.all]));
    jest.advanceTimersByTime(LIBRARY_REFRESH_SETTLE_MS * 2);
    expect(keys).toHaveLength(3);
  });

  it('flushing with nothing pending fetches nothing', () => {
    const { client, keys } = fakeClient();
    settledLibraryRefresh(client as never).flush();
    expect(keys).toHaveLength(0);
  });

  it("fetches the dashboard's documents again while the dashboard is not on screen, also restored ones without a fetcher, and only what this device has shown", async () => {
    jest.useRealTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Restored from the device's copy after a reload: data, no fetcher, no widget on screen.
    queryClient.setQueryData(documentKeys.recent(5), [{ name: 'lease.pdf' }]);
    queryClient.setQueryData(documentKeys.list({ q: 'passport' }), [{ name: 'passport.pdf' }]);
    const recent = jest.fn(async (_key: unknown) => [{ name: 'Passport scan 2031.pdf' }, { name: 'lease.pdf' }]);
    const counts = jest.fn(async () => []);
    const refresh = settledLibraryRefresh(queryClient, [
      { prefix: [...documentKeys.all, 'recent'], optionsFor: (queryKey) => ({ queryKey, queryFn: () => recent(queryKey) }) },
      { prefix: ['document-categories', 'counts'], optionsFor: (queryKey) => ({ queryKey, queryFn: counts }) },
    ]);
    refresh();
    refresh.flush();
    await waitFor(() => expect(queryClient.getQueryData(documentKeys.recent(5))).toEqual([{ name: 'Passport scan 2031.pdf' }, { name: 'lease.pdf' }]));
    expect(recent).toHaveBeenCalledWith(documentKeys.recent(5));
    // Never shown on this device: nothing to keep fresh, nothing fetched.
    expect(counts).not.toHaveBeenCalled();
    // A library page not on screen is only marked stale: fetched when it is visited.
    expect(queryClient.getQueryState(documentKeys.list({ q: 'passport' }))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(documentKeys.list({ q: 'passport' }))).toEqual([{ name: 'passport.pdf' }]);
  });

  it("refreshes each of the dashboard's queries under the key its widget reads, whatever the count it shows", () => {
    const supabase = {} as never;
    const [recent, counts] = dashboardQueries(supabase);
    for (const limit of [5, 12]) {
      const key = recentDocumentsQuery(supabase, limit).queryKey;
      expect(recent.prefix).toEqual(key.slice(0, recent.prefix.length));
      expect(recent.optionsFor(key).queryKey).toEqual(key);
    }
    const countsKey = categoryCountsQuery(supabase).queryKey;
    expect(counts.prefix).toEqual(countsKey);
    expect(counts.optionsFor(countsKey).queryKey).toEqual(countsKey);
  });
});
