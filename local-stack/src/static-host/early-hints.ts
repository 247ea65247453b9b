import type { AppConfig } from '@dossier/shared';
// By path, not by the @dossier/shared alias: the stack also runs under plain tsx (ADR 0481). The
// registry's one address matcher (ADR 0482): the shell's router, main.ts and this header agree.
import { areaOfPath } from '../../../shared/src/contract/registry.js';

/**
 * Early hints for an app page (issue 24): a signed-in `/documents` on a phone used to open its
 * connections to the API and to the documents area's origin only after the shell had booted — a
 * round trip each (562.5 ms on the phone profile) on the first row's path. The page's own
 * response now names those origins in a `Link` header (preconnect), so the connections are ready
 * when the shell asks. A CDN can send the same header, or turn it into 103 Early Hints
 * (docs/serving.md).
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
    const remote = area ? originOf(config.remotes[area] ?? '') : null;
    if (remote) {
      // Both connection pools the area's files use: the runtime fetch()es the manifest without
      // credentials (crossorigin), webpack and the runtime insert scripts without a crossorigin
      // attribute. Not a preload of the files themselves: when the remote was down at the page's
      // start, a failed preload made "Try Again" fail after the remote came back (remote-down.spec).
      links.push(`<${remote}>; rel=preconnect; crossorigin`, `<${remote}>; rel=preconnect`);
    }
    return links.length ? links.join(', ') : null;
  };
}
