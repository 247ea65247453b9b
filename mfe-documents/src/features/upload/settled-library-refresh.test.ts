import { documentKeys } from '../../api/documents';
import { LIBRARY_REFRESH_SETTLE_MS, settledLibraryRefresh } from './settled-library-refresh';

function fakeClient() {
  const keys: unknown[] = [];
  return { keys, client: { invalidateQueries: jest.fn(async ({ queryKey }: { queryKey: unknown }) => void keys.push(queryKey)) } };
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
});
