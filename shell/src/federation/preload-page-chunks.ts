import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { pathMatches } from '@dossier/registry';

/**
 * When an area's manifest answers, the files of the page the address names are asked for at once
 * (ADR 0485), beside the area's `remoteEntry.js` and exposed module, which the runtime fetches
 * then too. Before, the page's own `import()` could only ask once both had arrived and run: on
 * the phone profile, the download of remoteEntry.js and a round trip (562 ms) more before the
 * first document row. The area's build lists each page's files by route in the manifest
 * (`metaData.pageChunks`, tools/webpack/page-chunks.cjs).
 *
 * The hints are `<link rel=preload>` of exactly the requests webpack then makes (a script, or a
 * stylesheet, without a crossorigin attribute), so those requests are answered by them, not sent
 * twice. Only after the manifest has answered, so with the area's host up: ADR 0475 withdrew
 * preloads sent before that, which failed with the host down and made Try Again fail. A manifest
 * without the list (an older build) changes nothing.
 */
export interface PageChunkManifest {
  metaData?: { pageChunks?: Record<string, unknown> };
}

/** The absolute addresses of the files of the page `pathname` names, from an area's manifest. */
export function pageChunkUrls(manifest: PageChunkManifest | undefined, manifestUrl: string, pathname: string): string[] {
  const byRoute = manifest?.metaData?.pageChunks;
  if (!byRoute || typeof byRoute !== 'object') return [];
  const route = Object.keys(byRoute).find((path) => pathMatches(path, pathname));
  const files = route ? byRoute[route] : undefined;
  if (!Array.isArray(files)) return [];
  const urls: string[] = [];
  for (const file of files) {
    if (typeof file !== 'string' || !/\.(js|css)$/.test(file)) continue;
    try {
      // Chunks load relative to the manifest (the areas' publicPath is 'auto').
      const url = new URL(file, manifestUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.push(url.href);
    } catch {
      // Not an address: nothing to ask for.
    }
  }
  return urls;
}

/** Adds a preload hint for each address not already hinted or loaded on the page. */
export function preloadFiles(urls: string[], document: Document): void {
  const present = new Set(
    [...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>('link[href], script[src]')].map((element) =>
      element instanceof HTMLLinkElement ? element.href : element.src,
    ),
  );
  for (const url of urls) {
    if (present.has(url)) continue;
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', url.endsWith('.css') ? 'style' : 'script');
    link.href = url;
    document.head.appendChild(link);
    present.add(url);
  }
}

export default function preloadPageChunks(): ModuleFederationRuntimePlugin {
  return {
    name: 'dossier-preload-page-chunks',
    loadRemoteSnapshot(args) {
      if (typeof document !== 'undefined' && args.manifestUrl) {
        preloadFiles(pageChunkUrls(args.manifestJson as PageChunkManifest | undefined, args.manifestUrl, window.location.pathname), document);
      }
      return args;
    },
  };
}
