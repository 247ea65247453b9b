/** The parts of a Module Federation manifest (mf-manifest.json) that name files. */
export interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: Array<{ assets?: Assets }>;
  shared?: Array<{ assets?: Assets }>;
}
type Assets = { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };

/** Where a remote's files live: its publicPath, or (publicPath 'auto') the manifest's folder. */
export function remoteBase(manifestUrl: string, manifest: FederationManifest): string {
  const publicPath = manifest.metaData?.publicPath;
  return publicPath && publicPath !== 'auto' ? new URL(publicPath, manifestUrl).toString() : new URL('./', manifestUrl).toString();
}

/** The remote's entry file (remoteEntry.js), if the manifest names one. */
export function remoteEntryUrl(manifestUrl: string, manifest: FederationManifest): string | null {
  const entry = manifest.metaData?.remoteEntry;
  if (!entry?.name) return null;
  return new URL(`${entry.path ? `${entry.path}/` : ''}${entry.name}`, remoteBase(manifestUrl, manifest)).toString();
}

/**
 * The files a remote's exposed modules load: at once (`sync`), and with `later` also those loaded
 * on demand (a dialog, the upload's checks) and its shared modules' own copies — what a person
 * who used the area may need offline in a tab opened without a network (issue 21 §1). Read from
 * the manifest, never from a list kept here: a rebuilt or re-split remote is followed as it is.
 */
export function remoteFileUrls(manifestUrl: string, manifest: FederationManifest, { later = false }: { later?: boolean } = {}): string[] {
  const base = remoteBase(manifestUrl, manifest);
  const pick = (assets: Assets | undefined) => [
    ...(assets?.js?.sync ?? []),
    ...(assets?.css?.sync ?? []),
    ...(later ? [...(assets?.js?.async ?? []), ...(assets?.css?.async ?? [])] : []),
  ];
  const files = (manifest.exposes ?? []).flatMap((expose) => pick(expose.assets));
  if (later) files.push(...(manifest.shared ?? []).flatMap((shared) => pick(shared.assets)));
  return [...new Set(files)].map((file) => new URL(file, base).toString());
}

/**
 * Puts into `cache` whichever of `urls` it does not hold yet, one at a time (the page is busy with
 * the same network). Best effort: a file that fails is fetched again the next time.
 */
export async function cacheMissing(cache: Cache, urls: readonly string[], fetcher: typeof fetch = fetch): Promise<number> {
  let added = 0;
  for (const url of urls) {
    if (await cache.match(url)) continue;
    try {
      const response = await fetcher(url);
      if (!response.ok) continue;
      await cache.put(url, response);
      added += 1;
    } catch {
      // Unreachable now: the next manifest fetch tries again.
    }
  }
  return added;
}
