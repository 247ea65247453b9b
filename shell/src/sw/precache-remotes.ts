interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: Array<{ assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/**
 * At install, caches the runtime config and each remote's entry (mf-manifest.json, remoteEntry.js) and the files its
 * exposed module needs at once, so the areas open offline too. The remotes live on other origins
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
          const base = manifest.metaData?.publicPath && manifest.metaData.publicPath !== 'auto' ? manifest.metaData.publicPath : new URL('./', manifestUrl).toString();
          const entry = manifest.metaData?.remoteEntry;
          if (entry?.name) await entries.add(new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, base).toString());
          const files = (manifest.exposes ?? []).flatMap((expose) => [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])]);
          await chunks.addAll([...new Set(files)].map((file) => new URL(file, base).toString()));
        } catch {
          // This remote is unreachable or its manifest odd: runtime caching covers it later.
        }
      }),
    );
  } catch {
    // No runtime config yet (first install offline): nothing to precache for the remotes.
  }
}
