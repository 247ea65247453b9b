import { cacheMissing, remoteEntryUrl, remoteFileUrls, type FederationManifest } from './remote-files';

/**
 * At install, caches the runtime config and each remote's entry (mf-manifest.json, remoteEntry.js)
 * and every file its manifest names — what its exposed module needs at once, and what it loads
 * later (the upload's checks, dialogs) — so a tab opened offline works like one opened online
 * (issue 21 §1; a few MB in all). The worker takes control only after this, so "the service worker
 * controls the page" means the device has what it needs. The remotes live on other origins
 * and their addresses are runtime data (app-config.json), so Workbox's build-time precache list
 * cannot name them. Best effort: a remote that is down now is simply cached later at runtime.
 */
export async function precacheRemoteEntries(origin: string, cacheNames: { config: string; entries: string; chunks: string }): Promise<void> {
  try {
    const configUrl = new URL('/app-config.json', origin).toString();
    const configResponse = await fetch(configUrl, { cache: 'no-store' });
    if (!configResponse.ok) return;
    // The page read its config before this worker controlled it: keep a copy for offline starts.
    await (await caches.open(cacheNames.config)).put(configUrl, configResponse.clone());
    const config = (await configResponse.json()) as { remotes?: Record<string, string> };
    const entries = await caches.open(cacheNames.entries);
    const chunks = await caches.open(cacheNames.chunks);
    await Promise.all(
      Object.values(config.remotes ?? {}).map(async (manifestUrl) => {
        try {
          const response = await fetch(manifestUrl, { cache: 'no-store' });
          if (!response.ok) return;
          await entries.put(manifestUrl, response.clone());
          const manifest = (await response.json()) as FederationManifest;
          const entry = remoteEntryUrl(manifestUrl, manifest);
          if (entry) await entries.add(entry);
          await chunks.addAll(remoteFileUrls(manifestUrl, manifest));
          await cacheMissing(chunks, remoteFileUrls(manifestUrl, manifest, { later: true }));
        } catch {
          // This remote is unreachable or its manifest odd: runtime caching covers it later.
        }
      }),
    );
  } catch {
    // No runtime config yet (first install offline): nothing to precache for the remotes.
  }
}
