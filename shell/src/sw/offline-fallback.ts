/**
 * When a cached answer may stand in for the network (issue 21 §1). `navigator.onLine` alone is not
 * the test: a browser can report "online" while nothing answers (DevTools' offline mode for the
 * worker, a captive portal, a dropped Wi-Fi that has not been noticed yet), and the app then failed
 * to start although the device had everything it needed. Dossier is out of reach when the request
 * failed and the shell's own origin does not answer either; a remote that is down while the shell
 * answers still fails as itself (its area shows its error screen), never comes back stale.
 */
export function dossierReachability(origin: string, { fetcher = fetch, isOnline }: { fetcher?: typeof fetch; isOnline: () => boolean }) {
  const probeUrl = new URL('/app-config.json', origin).toString();
  return async function reachable(): Promise<boolean> {
    if (!isOnline()) return false;
    try {
      // Any answer at all, even an error status, means the network reaches Dossier.
      await fetcher(probeUrl, { method: 'HEAD', cache: 'no-store' });
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * A Workbox plugin for NetworkFirst routes: the network's answer whenever there is one (never a
 * stale runtime config or federation manifest online); the cached copy only when Dossier is out
 * of reach. NetworkFirst consults this only after the network request failed.
 */
export function cacheWhenUnreachable(reachable: () => Promise<boolean>) {
  return {
    cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }): Promise<Response | null> => {
      if (!cachedResponse) return null;
      return (await reachable()) ? null : cachedResponse;
    },
  };
}
