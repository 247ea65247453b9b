import { useContext, useEffect } from 'react';
import { useAuth, useDevice, useDossier, type RemoteName } from '@dossier/shared';
import { afterIdle } from '@dossier/shared/core';
import { preload } from '@dossier/shared/core/network';
import { loadOverlays } from '@dossier/shared/ui';
import { AreasContext } from '../../routing/areas-context';
import { watchPageSettled } from './page-settled';

/** The areas a signed-in person is likely to open next from the navigation. */
export const PRELOADED_AREAS: readonly RemoteName[] = ['documents', 'portfolios', 'account'];

/**
 * SPEC §9: whether remotes are preloaded is the network strategy's call. For a signed-in person
 * on a link that is not slow, the areas' code is fetched while the browser is idle, each load
 * given up after 5 s; on 2g, under 0.5 Mbps, with data saver or offline nothing is preloaded.
 * A failed preload changes nothing: the area loads (and reports) when it is opened.
 *
 * Only once the page the person opened is done (issue 24): its scripts in (the window's load
 * event), no area still loading and no data request in flight. An idle callback alone fired in
 * the gaps while the first page still waited for the network, and the other areas' code then
 * competed with it for a phone's bandwidth. Nor while the page still shows a loading indicator:
 * between its area's code arriving and its page's first query starting (the page's own lazy
 * chunk, the first render) nothing is in flight, and on /documents the other areas' code was
 * fetched in that gap, before the first row. With the areas, the design system's menus and
 * dialogs, which no first render fetches (ADR 0455).
 */
export function RemotePreloader() {
  const { status } = useAuth();
  const device = useDevice();
  const { queryClient } = useDossier();
  const areas = useContext(AreasContext);

  useEffect(() => {
    if (status !== 'signed-in' || !areas) return;
    const strategy = device.network();
    if (!strategy.preload) return;
    const run = () => {
      // The design system's menus and dialogs (ADR 0455): fetched on first open otherwise.
      void preload(() => loadOverlays(), strategy);
      for (const name of PRELOADED_AREAS) if (areas.enabled(name) && !areas.loaded(name)) void preload(() => areas.load(name), strategy);
    };
    let cancel: (() => void) | undefined;
    const stopWatching = watchPageSettled({ areas, queryClient }, () => {
      cancel = afterIdle(run, strategy.preloadTimeout);
    });
    return () => {
      stopWatching();
      cancel?.();
    };
  }, [status, device, areas, queryClient]);

  return null;
}
