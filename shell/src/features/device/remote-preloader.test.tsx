import { act, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { DossierServicesProvider, type AuthStatus, type NetworkStrategy, type RemoteStatus } from '@dossier/shared';
import { createFakeDevice, createFakeServices } from '@dossier/shared/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { AreasContext } from '../../routing/areas-context';
import type { RemoteAreas } from '../../federation/remote-areas';
import { RemotePreloader } from './remote-preloader';

function renderPreloader(status: AuthStatus, strategy: NetworkStrategy, { statuses = [] as RemoteStatus[], queryClient = new QueryClient() } = {}) {
  const load = jest.fn(async (_name: string) => ({ contractVersion: '1.0.0', routes: [], nav: [] }));
  const listeners = new Set<() => void>();
  let list = statuses;
  const areas = {
    enabled: (name: string) => name !== 'debug',
    loaded: () => undefined,
    load,
    list: () => list,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  } as unknown as RemoteAreas;
  const services = createFakeServices({
    supabase: { auth: {} } as unknown as SupabaseClient,
    auth: { status },
    device: createFakeDevice({ network: () => strategy }),
    queryClient,
  });
  render(
    <AreasContext.Provider value={areas}>
      <DossierServicesProvider services={services}>
        <RemotePreloader />
      </DossierServicesProvider>
    </AreasContext.Provider>,
  );
  const setStatuses = (next: RemoteStatus[]) => {
    list = next;
    listeners.forEach((listener) => listener());
  };
  return { load, setStatuses };
}

const fast: NetworkStrategy = { quality: 'high', preload: true, preloadTimeout: 5000 };
const slow: NetworkStrategy = { quality: 'low', preload: false, preloadTimeout: 5000 };
const status = (name: RemoteStatus['name'], state: RemoteStatus['state']): RemoteStatus => ({ name, manifestUrl: `http://x/${name}/mf-manifest.json`, state, changedAt: 0 });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('RemotePreloader (SPEC §9 network strategy)', () => {
  it('preloads the main areas for a signed-in person once the browser is idle', async () => {
    const { load } = renderPreloader('signed-in', fast);
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(load.mock.calls.map(([name]) => name)).toEqual(['documents', 'portfolios', 'account']);
  });

  it('waits while the opened page still loads its area: the other areas do not compete with it (issue 24)', async () => {
    const { load, setStatuses } = renderPreloader('signed-in', fast, { statuses: [status('documents', 'loading')] });
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      setStatuses([status('documents', 'loaded')]);
      jest.advanceTimersByTime(1000);
    });
    expect(load.mock.calls.map(([name]) => name)).toEqual(['documents', 'portfolios', 'account']);
  });

  it("waits while the page's first data request is in flight", async () => {
    const queryClient = new QueryClient();
    let answer: (rows: string[]) => void = () => undefined;
    void queryClient.fetchQuery({ queryKey: ['documents'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
    const { load } = renderPreloader('signed-in', fast, { queryClient });
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      answer(['row']);
      await Promise.resolve();
    });
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('waits while the page still shows a loading indicator, though nothing is in flight (issue 24)', async () => {
    const spinner = document.createElement('div');
    spinner.className = 'dossier-loading';
    document.body.append(spinner);
    try {
      const { load } = renderPreloader('signed-in', fast);
      await act(async () => {
        jest.advanceTimersByTime(10_000);
      });
      expect(load).not.toHaveBeenCalled();
      spinner.remove();
      await act(async () => {
        jest.advanceTimersByTime(2000);
      });
      expect(load.mock.calls.map(([name]) => name)).toEqual(['documents', 'portfolios', 'account']);
    } finally {
      spinner.remove();
    }
  });

  it('preloads nothing on a slow link', async () => {
    const { load } = renderPreloader('signed-in', slow);
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('preloads nothing for a visitor', async () => {
    const { load } = renderPreloader('signed-out', fast);
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(load).not.toHaveBeenCalled();
  });
});
