import { DRIVE_READ_SCOPE, DRIVE_WRITE_SCOPE, type DriveAuthState } from '../../connection/drive-connection';
import type { PortfolioRef } from '../../drive/folder-mirror';
import { startFolderNameSync } from './folder-name-sync';

function fakeConnection(initial: Partial<DriveAuthState>) {
  let state = { accessToken: null, refreshToken: null, expiresAt: null, isAuthenticated: false, ...initial } as DriveAuthState;
  const listeners = new Set<(s: DriveAuthState) => void>();
  return {
    getState: () => state,
    hasScope: (scope: string) => (state.scope ?? '').split(' ').includes(scope),
    subscribe: (l: (s: DriveAuthState) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    set(next: Partial<DriveAuthState>) {
      state = { ...state, ...next };
      listeners.forEach((l) => l(state));
    },
  };
}

const writable = { isAuthenticated: true, accessToken: 't', scope: `${DRIVE_READ_SCOPE} ${DRIVE_WRITE_SCOPE}` };

function setup(connectionState: Partial<DriveAuthState>) {
  const connection = fakeConnection(connectionState);
  let portfolios: PortfolioRef[] = [{ id: 'p', name: 'Home' }];
  const syncFolderNames = jest.fn(async (_p: readonly PortfolioRef[]) => []);
  const changed = new Set<() => void>();
  const events = new EventTarget();
  const sync = startFolderNameSync({
    connection,
    mirror: { syncFolderNames },
    loadPortfolios: async () => portfolios,
    onPortfoliosChanged: (l) => {
      changed.add(l);
      return () => changed.delete(l);
    },
    events: events as unknown as Window,
    delayMs: 100,
  });
  return {
    connection,
    sync,
    syncFolderNames,
    events,
    rename: (name: string) => {
      portfolios = [{ id: 'p', name }];
      changed.forEach((l) => l());
    },
  };
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('portfolio folder names follow renames made anywhere (ADR 0196)', () => {
  it('runs when it starts, and after a portfolio changes on any page (one run for a burst)', async () => {
    const t = setup(writable);
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(1);
    t.rename('House');
    t.rename('House 2');
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(2);
    expect(t.syncFolderNames).toHaveBeenLastCalledWith([{ id: 'p', name: 'House 2' }]);
    t.sync.stop();
    t.rename('Flat');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(2);
  });

  it('a rename made while Drive is disconnected is applied when it connects again', async () => {
    const t = setup({ isAuthenticated: false });
    t.rename('House');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(t.syncFolderNames).not.toHaveBeenCalled();
    // Connected with only the read scope: nothing may be renamed yet.
    t.connection.set({ isAuthenticated: true, accessToken: 't', scope: DRIVE_READ_SCOPE });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(t.syncFolderNames).not.toHaveBeenCalled();
    t.connection.set({ scope: writable.scope });
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledWith([{ id: 'p', name: 'House' }]);
  });

  it('back online or focused (a rename on another device), it runs again; a failed run does not stop the next', async () => {
    const t = setup(writable);
    t.syncFolderNames.mockRejectedValueOnce(new Error('Drive down'));
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(1);
    t.events.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(100);
    t.events.dispatchEvent(new Event('focus'));
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(3);
  });

  it('a change during a run makes one more run after it', async () => {
    const t = setup(writable);
    let finish!: () => void;
    t.syncFolderNames.mockImplementationOnce(() => new Promise((r) => (finish = () => r([]))));
    await jest.advanceTimersByTimeAsync(100);
    t.rename('House');
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(1);
    finish();
    await jest.advanceTimersByTimeAsync(100);
    expect(t.syncFolderNames).toHaveBeenCalledTimes(2);
    expect(t.syncFolderNames).toHaveBeenLastCalledWith([{ id: 'p', name: 'House' }]);
  });
});
