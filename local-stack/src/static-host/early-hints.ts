import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig, RemoteName } from '@dossier/shared';
import { AREA_PATHS, REMOTE_DIRS } from './registry.js';

/**
 * Early hints for an area's page (issue 24): a signed-in `/documents` on a phone used to learn the
 * documents area's addresses only after the shell had booted, then paid one round trip each for
 * the area's manifest, its entry and its first module, each on a new connection (the API and the
 * remotes are other origins). The page's own response now names them in a `Link` header
 * (preconnect to the API, preload of the area's manifest, entry and first module), so the
 * browser fetches them while the shell's own code downloads. A CDN can send the same header, or
 * turn it into 103 Early Hints (docs/serving.md).
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

interface ManifestFiles {
  remoteEntry: string;
  /** The exposed module's own scripts and styles (the first the area's page needs). */
  scripts: string[];
  styles: string[];
}

/** What a remote's mf-manifest.json names, read from its build (cached until the file changes). */
function manifestReader(distDir: string) {
  const cache = new Map<RemoteName, { mtimeMs: number; files: ManifestFiles | null }>();
  return (area: RemoteName): ManifestFiles | null => {
    const file = path.join(distDir, REMOTE_DIRS[area], 'mf-manifest.json');
    const mtimeMs = existsSync(file) ? statSync(file).mtimeMs : 0;
    const cached = cache.get(area);
    if (cached && cached.mtimeMs === mtimeMs) return cached.files;
    let files: ManifestFiles | null = null;
    try {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        metaData?: { remoteEntry?: { name?: string; path?: string } };
        exposes?: { assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }[];
      };
      const entry = manifest.metaData?.remoteEntry;
      if (entry?.name) {
        const expose = manifest.exposes?.[0]?.assets;
        files = { remoteEntry: path.posix.join(entry.path ?? '', entry.name), scripts: expose?.js?.sync ?? [], styles: expose?.css?.sync ?? [] };
      }
    } catch {
      files = null; // no build or an unreadable manifest: no hints, the page still works
    }
    cache.set(area, { mtimeMs, files });
    return files;
  };
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The `Link` header value for a page, or null. `servedHere`: the manifest URLs of the remotes
 * these hosts serve themselves — only their files are known; a remote deployed elsewhere (its
 * URL changed in the config) still gets its manifest preloaded.
 */
export function earlyHints(distDir: string, servedHere: () => Partial<Record<RemoteName, string>>) {
  const filesOf = manifestReader(distDir);
  return (pathname: string, config: AppConfig): string | null => {
    const links: string[] = [];
    const api = originOf(config.supabaseUrl);
    // supabase-js fetches without credentials: the anonymous connection pool (crossorigin).
    if (api) links.push(`<${api}>; rel=preconnect; crossorigin`);
    const area = areaOfPath(pathname);
    const manifestUrl = area ? config.remotes[area] : undefined;
    if (area && manifestUrl) {
      // The federation runtime fetch()es the manifest: a CORS request without credentials.
      links.push(`<${manifestUrl}>; rel=preload; as=fetch; crossorigin`);
      const files = servedHere()[area] === manifestUrl ? filesOf(area) : null;
      if (files) {
        const base = new URL('.', manifestUrl);
        // Scripts are inserted without a crossorigin attribute (webpack's chunk loading and the
        // runtime's entry loader): the preloads match, so the browser uses them.
        for (const script of [files.remoteEntry, ...files.scripts]) links.push(`<${new URL(script, base).href}>; rel=preload; as=script`);
        for (const style of files.styles) links.push(`<${new URL(style, base).href}>; rel=preload; as=style`);
      }
    }
    return links.length ? links.join(', ') : null;
  };
}
