import { useContext, useEffect } from 'react';
import { useAuth, useDevice, type RemoteName } from '@dossier/shared';
import { preload } from '@dossier/shared/core/network';
import { AreasContext } from '../../routing/areas-context';

/** The areas a signed-in person is likely to open next from the navigation. */
export const PRELOADED_AREAS: readonly RemoteName[] = ['documents', 'portfolios', 'account'];

/**
 * SPEC §9: whether remotes are preloaded is the network strategy's call. For a signed-in person
 * on a link that is not slow, the areas' code is fetched while the browser is idle, each load
 * given up after 5 s; on 2g, under 0.5 Mbps, with data saver or offline nothing is preloaded.
 * A failed preload changes nothing: the area loads (and reports) when it is opened.
 */
export function RemotePreloader() {
  const { status } = useAuth();
  const device = useDevice();
  const areas = useContext(AreasContext);

  useEffect(() => {
    if (status !== 'signed-in' || !areas) return;
    const strategy = device.network();
    if (!strategy.preload) return;
    const run = () => {
      for (const name of PRELOADED_AREAS) if (areas.enabled(name) && !areas.loaded(name)) void preload(() => areas.load(name), strategy);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: strategy.preloadTimeout });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(run, 1_000);
    return () => clearTimeout(timer);
  }, [status, device, areas]);

  return null;
}
