import { act, render } from '@testing-library/react';
import { DossierServicesProvider, type AuthStatus, type NetworkStrategy } from '@dossier/shared';
import { createFakeDevice, createFakeServices } from '@dossier/shared/testing';
import type { SupabaseClient } from '@supabase/supabase-js';
import { AreasContext } from '../../routing/areas-context';
import type { RemoteAreas } from '../../federation/remote-areas';
import { RemotePreloader } from './remote-preloader';

function renderPreloader(status: AuthStatus, strategy: NetworkStrategy) {
  const load = jest.fn(async (_name: string) => ({ contractVersion: '1.0.0', routes: [], nav: [] }));
  const areas = { enabled: (name: string) => name !== 'debug', loaded: () => undefined, load } as unknown as RemoteAreas;
  const services = createFakeServices({
    supabase: { auth: {} } as unknown as SupabaseClient,
    auth: { status },
    device: createFakeDevice({ network: () => strategy }),
  });
  render(
    <AreasContext.Provider value={areas}>
      <DossierServicesProvider services={services}>
        <RemotePreloader />
      </DossierServicesProvider>
    </AreasContext.Provider>,
  );
  return load;
}

const fast: NetworkStrategy = { quality: 'high', preload: true, preloadTimeout: 5000 };
const slow: NetworkStrategy = { quality: 'low', preload: false, preloadTimeout: 5000 };

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('RemotePreloader (SPEC §9 network strategy)', () => {
  it('preloads the main areas for a signed-in person once the browser is idle', async () => {
    const load = renderPreloader('signed-in', fast);
    expect(load).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(load.mock.calls.map(([name]) => name)).toEqual(['documents', 'portfolios', 'account']);
  });

  it('preloads nothing on a slow link', async () => {
    const load = renderPreloader('signed-in', slow);
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('preloads nothing for a visitor', async () => {
    const load = renderPreloader('signed-out', fast);
    await act(async () => {
      jest.advanceTimersByTime(10_000);
    });
    expect(load).not.toHaveBeenCalled();
  });
});
