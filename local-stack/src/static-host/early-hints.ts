import type { AppConfig } from '@dossier/shared';
// By path, not by the @dossier/shared alias: the stack also runs under plain tsx (ADR 0481). The
// registry's one address matcher (ADR 0482): the shell's router, main.ts and this header agree.
import { areaOfPath } from '../../../shared/src/contract/registry.js';

/**
 * Early hints for an app page (issue 24): a signed-in `/documents` on a phone used to open its
 * connections to the API and to the documents area's origin only after the shell had booted — a
 * round trip each (562.5 ms on the phone profile) on the first row's path. The page's own
 * response now names those origins in a `Link` header (preconnect), so the connections are ready
 * when the shell asks, and preloads the area's manifest (ADR 0493): the first link of the area's
 * chain is then in before main.js has run, instead of a round trip after it. A CDN can send the
 * same header, or turn it into 103 Early Hints (docs/serving.md).
 */

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/** The `Link` header value for a page, or null (the visitor's `/` is not an app page). */
export function earlyHints() {
  return (pathname: string, config: AppConfig): string | null => {
    const links: string[] = [];
    const api = originOf(config.supabaseUrl);
    // supabase-js fetches without credentials: the anonymous connection pool (crossorigin).
    if (api) links.push(`<${api}>; rel=preconnect; crossorigin`);
    const area = areaOfPath(pathname);
    const manifest = area ? config.remotes[area] : undefined;
    const remote = manifest ? originOf(manifest) : null;
    if (manifest && remote) {
      // The very request the runtime makes (a CORS fetch without credentials), so it is answered by
      // the preload, never sent twice (load-budget.spec). A preload that failed (the remote down)
      // is used up by that first request, which fails as it would have; "Try Again" then fetches
      // afresh (remote-down.spec). Not a preload of remoteEntry.js or the module's scripts: a
      // failed script preload stays in the page's memory cache and failed the retry (ADR 0475).
      links.push(`<${manifest}>; rel=preload; as=fetch; crossorigin`);
      // Both connection pools the area's files use: the runtime fetch()es the manifest without
      // credentials (crossorigin), webpack and the runtime insert scripts without a crossorigin
      // attribute.
      links.push(`<${remote}>; rel=preconnect; crossorigin`, `<${remote}>; rel=preconnect`);
    }
    return links.length ? links.join(', ') : null;
  };
}
