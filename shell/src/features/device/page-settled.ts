import { useContext, useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useDossier } from '@dossier/shared';
import { AreasContext } from '../../routing/areas-context';
import type { RemoteAreas } from '../../federation/remote-areas';

/**
 * A page still on its way: a loading indicator (LoadingSpinner, a lazy page's or widget's
 * fallback) or a region that says it is busy.
 */
const STILL_LOADING = '.dossier-loading, [aria-busy="true"]';

/** How often a page not yet settled is looked at again (its lazy chunks and first render fire no event we hear). */
const RECHECK_MS = 500;

/**
 * Calls `onSettled` once the page the person opened is drawn (issue 24): its scripts in (the
 * window's load event), no area still loading, no data request in flight and no loading
 * indicator on the page. What can wait for it — the other areas' code, the Transfers count, a
 * re-check of a consent already given on this device — then does not compete with the first rows
 * for a phone's few connections. Returns a function that stops watching.
 */
export function watchPageSettled(
  { areas, queryClient }: { areas?: Pick<RemoteAreas, 'list' | 'subscribe'> | null; queryClient?: QueryClient },
  onSettled: () => void,
): () => void {
  let done = false;
  const settled = () =>
    document.readyState === 'complete' &&
    !(areas?.list().some((area) => area.state === 'loading') ?? false) &&
    (queryClient?.isFetching() ?? 0) === 0 &&
    document.querySelector(STILL_LOADING) === null;
  const recheck = setInterval(() => check(), RECHECK_MS);
  const unsubscribeAreas = areas?.subscribe(() => check());
  const unsubscribeQueries = queryClient?.getQueryCache().subscribe(() => check());
  function stop() {
    done = true;
    clearInterval(recheck);
    unsubscribeAreas?.();
    unsubscribeQueries?.();
    window.removeEventListener('load', check);
  }
  function check() {
    if (done || !settled()) return;
    stop();
    onSettled();
  }
  window.addEventListener('load', check);
  check();
  return stop;
}

/**
 * Whether the opened page is drawn (`watchPageSettled`), watched while `when` holds; true after
 * `maxWaitMs` anyway (a page may keep a spinner for ever). Once true it stays true.
 */
export function usePageSettled({ when = true, maxWaitMs }: { when?: boolean; maxWaitMs?: number } = {}): boolean {
  const { queryClient } = useDossier();
  const areas = useContext(AreasContext);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (settled || !when) return;
    const stop = watchPageSettled({ areas, queryClient }, () => setSettled(true));
    const giveUp = maxWaitMs === undefined ? undefined : setTimeout(() => setSettled(true), maxWaitMs);
    return () => {
      stop();
      clearTimeout(giveUp);
    };
  }, [settled, when, areas, queryClient, maxWaitMs]);
  return settled;
}
