import type { AppConfig, RemoteName } from '@dossier/shared';
import { AREA_PATHS } from './registry.js';

/**
 * Early hints for an app page (issue 24): a signed-in `/documents` on a phone used to open its
 * connections to the API and to the documents area's origin only after the shell had booted — a
 * round trip each (562.5 ms on the phone profile) on the first row's path. The page's own
 * response now names those origins in a `Link` header (preconnect), so the connections are ready
 * when the shell asks. A CDN can send the same header, or turn it into 103 Early Hints
 * (docs/serving.md).
 */

/** The area that owns a page address, from the one registry (docs/decisions/0430). */
export function areaOfPath(pathname: string): RemoteName | null {
  for (const [area, patterns] of Object.entries(AREA_PATHS) as [RemoteName, readonly string[]][]) {
    if (patterns.some((pattern) => matches(pattern, pathname))) return area;
  }
  return null;
}

function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (want.at(-1) === '*') return have.length >= want.length - 1 && want.slice(0, -1).every((part, i) => part.startsWith(':') || part === have[i]);
  return want.length === have.length && want.every((part, i) => part.startsWith(':') || part === have[i]);
}

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
