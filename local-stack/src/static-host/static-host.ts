import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { AppConfig, RemoteName } from '@dossier/shared';
import { hostAllowList, MISDIRECTED_MESSAGE } from '../http/host-check.js';
import { readStackSettings } from '../settings.js';
import { earlyHints } from './early-hints.js';
import { preferBrotli } from './precompressed.js';
import { REMOTE_DEFAULT_PORTS, REMOTE_DIRS } from './registry.js';

export { REMOTE_DIRS };

/**
 * Serves the production build: dist/shell on the shell port (SPA fallback + a generated
 * /app-config.json) and each dist/mfe-* on its own port with CORS, like a CDN per remote.
 * Caching follows docs/serving.md: config, manifests, entries, HTML and sw.js are `no-cache`;
 * content-hashed chunks are immutable for a year.
 *
 * Files, MIME types, Range and HEAD are hono's `serveStatic`, compression is the build's Brotli
 * copy where there is one (precompressed.ts) or else hono's `compress` (gzip for text types over
 * 1 KiB); what is Dossier's own stays here: the cache policy, the
 * security headers and CSP, the Host check, `If-Modified-Since`, the SPA fallback and the
 * generated /app-config.json.
 */

/** webpack's [contenthash:10] in a file name (tools/webpack/create-config.cjs). */
const HASHED = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;

export function cacheControlFor(fileName: string): string {
  return HASHED.test(fileName) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export interface StaticHostsOptions {
  /** Folder holding the shell and mfe-* builds (usually <repo>/dist). */
  distDir: string;
  shellPort?: number;
  remotePorts?: Partial<Record<RemoteName, number>>;
  host?: string;
  /** Served as /app-config.json. A function receives the remotes' actual manifest URLs. */
  appConfig: AppConfig | ((remotes: Record<RemoteName, string>) => AppConfig);
  log?: (line: string) => void;
  /** Host names answered besides loopback and `host` (default: STACK_ALLOWED_HOSTS). */
  allowedHosts?: string[];
}

export interface RemoteHost {
  url: string;
  port: number;
  /** Stops answering (connection refused), as if the remote's host were down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export interface StaticHosts {
  shellUrl: string;
  shellPort: number;
  remotes: Record<RemoteName, RemoteHost>;
  appConfig: AppConfig;
  stop(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

const origin = (url: string | undefined): string | null => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * Where the Drive browser's thumbnails come from (issue 22): Google serves a file's thumbnailLink
 * from its content hosts (*.googleusercontent.com); a Drive emulator serves them itself, from its
 * API origin. Nothing when Drive is off.
 */
export function driveThumbnailOrigins(drive: AppConfig['drive']): string[] {
  const api = drive.enabled ? origin(drive.apiBaseUrl) : null;
  if (!api) return [];
  return /(^|\.)googleapis\.com$/.test(new URL(api).hostname) ? ['https://*.googleusercontent.com'] : [api];
}

/**
 * The shell's Content-Security-Policy, from its app-config: scripts only from itself and the
 * remotes' origins (Module Federation loads their chunks), data from the API, the Google emulator
 * or Drive, no plugins, no framing, no foreign form targets. pdf.js and the diagnostics start
 * workers from blob: URLs; sonner and the remotes' CSS need inline styles. `inlineScripts`: the
 * sha256 sources of index.html's own inline scripts (the prerendered landing's, ADR 0220).
 */
export function contentSecurityPolicy(config: AppConfig, inlineScripts: string[] = []): string {
  const remotes = [...new Set(Object.values(config.remotes).map(origin).filter((o): o is string => o !== null))];
  const api = origin(config.supabaseUrl);
  const apiSocket = api ? api.replace(/^http/, 'ws') : null;
  const google = [origin(config.drive.apiBaseUrl), origin(config.drive.authUrl)].filter((o): o is string => o !== null);
  const list = (...items: Array<string | null | string[]>) => [...new Set(items.flat().filter((i): i is string => Boolean(i)))].join(' ');
  return [
    `default-src 'self'`,
    // 'wasm-unsafe-eval': OCR on the device compiles tesseract's WebAssembly (docs/decisions/0110);
    // it allows WebAssembly only, never eval() of JavaScript.
    `script-src ${list("'self'", "'wasm-unsafe-eval'", inlineScripts, remotes)}`,
    `worker-src ${list("'self'", 'blob:', remotes)}`,
    `style-src ${list("'self'", "'unsafe-inline'", remotes)}`,
    // Pictures from the app, the API (Storage) and exactly the Drive thumbnail hosts: no other site.
    `img-src ${list("'self'", 'data:', 'blob:', api, remotes, driveThumbnailOrigins(config.drive))}`,
    `font-src ${list("'self'", 'data:', remotes)}`,
    `connect-src ${list("'self'", api, apiSocket, remotes, google)}`,
    `frame-src ${list("'self'", 'blob:', api)}`,
    `media-src ${list("'self'", 'blob:', api)}`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** Headers every response of the static hosts carries. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  // Tokens travel in URLs during sign-in: never tell another site where the person came from.
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
};

type HostAllowed = (h: string | undefined) => boolean;

/** 421 for a Host that is not ours (DNS rebinding), before anything else runs. */
const hostCheck =
  (allowed: HostAllowed): MiddlewareHandler =>
  async (c, next) => {
    if (allowed(c.req.header('host'))) return next();
    return c.text(MISDIRECTED_MESSAGE, 421, { Connection: 'close' });
  };

/** Only GET and HEAD (and the remotes' CORS preflight) reach the files. */
const readOnly: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  return c.body(null, 405, { Allow: 'GET, HEAD, OPTIONS' });
};

/**
 * `If-Modified-Since` → 304 for an unchanged file: `no-cache` files cost one round trip then
 * (docs/serving.md). serveStatic sets Last-Modified but answers every request in full.
 */
const notModified: MiddlewareHandler = async (c, next) => {
  await next();
  const since = c.req.header('if-modified-since');
  const modified = c.res.headers.get('last-modified');
  if (!since || !modified || c.res.status !== 200 || Date.parse(since) < Date.parse(modified)) return;
  const headers = new Headers(c.res.headers);
  for (const name of ['content-length', 'content-encoding', 'content-range']) headers.delete(name);
  await c.res.body?.cancel();
  c.res = new Response(null, { status: 304, headers });
};

/**
 * Serves `root`'s files with Dossier's cache policy, from the build's Brotli copy when the browser
 * accepts it (precompressed.ts); `file` serves that one file whatever the path.
 */
const files = (root: string, file?: string): MiddlewareHandler => {
  // serveStatic calls onFound after it has built the response, so a header set there through the
  // context is lost with the platform's own Response class: the policy goes on the response itself.
  const found = new WeakMap<Context, string>();
  const serve = serveStatic({ root, ...(file ? { path: file } : {}), onFound: (name, c) => void found.set(c, name) });
  return async (c, next) => {
    const res = await serve(c, next);
    const foundFile = found.get(c);
    if (!res || !foundFile) return res;
    res.headers.set('Cache-Control', cacheControlFor(path.basename(foundFile)));
    return preferBrotli(res, foundFile, c.req);
  };
};

const notFound = (c: Context) => c.text('Not found', 404, { 'Cache-Control': 'no-cache' });

/** A path with a file extension: a missing one is a 404, never the SPA's page. */
const ASSET_PATH = /\.[a-z0-9]{1,12}$/i;

/** What every static host does before its own routes: Host check, security headers, compression, 304s. */
function staticApp(hostAllowed: HostAllowed, headers: (c: Context) => Record<string, string>): Hono {
  const app = new Hono();
  app.use(hostCheck(hostAllowed));
  app.use(async (c, next) => {
    await next();
    for (const [name, value] of Object.entries({ ...BASE_SECURITY_HEADERS, ...headers(c) })) c.res.headers.set(name, value);
  });
  app.use(compress({ encoding: 'gzip' }));
  app.use(notModified);
  return app;
}

/** CSP hash sources ('sha256-…') of the inline <script> elements (no src) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? '') || match[2] === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function shellApp(root: string, appConfig: () => AppConfig, hostAllowed: HostAllowed, hintsFor: (pathname: string, config: AppConfig) => string | null): Hono {
  // index.html's inline scripts are allowed by hash; read again when a new build replaces it.
  let csp = { mtimeMs: -1, value: contentSecurityPolicy(appConfig()) };
  const cspNow = () => {
    const index = path.join(root, 'index.html');
    const mtimeMs = existsSync(index) ? statSync(index).mtimeMs : 0;
    if (mtimeMs !== csp.mtimeMs) csp = { mtimeMs, value: contentSecurityPolicy(appConfig(), mtimeMs ? inlineScriptHashes(readFileSync(index, 'utf8')) : []) };
    return csp.value;
  };
  const app = staticApp(hostAllowed, () => ({ 'Content-Security-Policy': cspNow(), 'X-Frame-Options': 'DENY' }));
  app.use(readOnly);
  app.get('/app-config.json', (c) => c.body(JSON.stringify(appConfig()), 200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' }));
  app.get('*', files(root));
  // SPA fallback: any page address gets index.html; a missing asset stays a 404.
  app.get('*', async (c, next) => {
    const looksLikeAsset = ASSET_PATH.test(c.req.path) && !(c.req.header('accept') ?? '').includes('text/html');
    if (looksLikeAsset || !existsSync(path.join(root, 'index.html'))) return notFound(c);
    const res = await files(root, 'index.html')(c, next);
    const hints = hintsFor(c.req.path, appConfig());
    if (res && hints) res.headers.set('Link', hints);
    return res;
  });
  app.notFound(notFound);
  return app;
}

function remoteApp(root: string, hostAllowed: HostAllowed): Hono {
  // A remote's own page (standalone development view) is not to be framed either. Remotes are
  // loaded cross-origin by the shell (scripts, manifest fetch, CSS).
  const app = staticApp(hostAllowed, () => ({
    'Content-Security-Policy': "object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    'Access-Control-Allow-Origin': '*',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  }));
  app.options('*', (c) => c.body(null, 204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' }));
  app.use(readOnly);
  app.get('*', files(root));
  // The remote's standalone page is a SPA too.
  app.get('*', async (c, next) => {
    if (ASSET_PATH.test(c.req.path) || !existsSync(path.join(root, 'index.html'))) return notFound(c);
    return files(root, 'index.html')(c, next);
  });
  app.notFound(notFound);
  return app;
}

/** A node:http server answering with `app` (not yet listening). */
// overrideGlobalObjects: false — @hono/node-server otherwise replaces the process's global
// Request/Response with its own classes on every server it creates. The hosts often share a
// process with the API (npm start, the e2e environment); when that module is loaded twice (ESM
// and CommonJS), a second override leaves the API's requests of the first class, and undici
// refuses them ("Cannot read private member #state") — a DELETE through REST answered 500.
const serverFor = (app: Hono): Server => createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;

export async function startStaticHosts(options: StaticHostsOptions): Promise<StaticHosts> {
  const host = options.host ?? '127.0.0.1';
  const hostAllowed = hostAllowList(host, options.allowedHosts ?? readStackSettings().STACK_ALLOWED_HOSTS ?? []);
  const distDir = path.resolve(options.distDir);
  const log = options.log ?? (() => undefined);
  const remotes = {} as Record<RemoteName, RemoteHost>;
  const servers: Server[] = [];
  let config: AppConfig | null = null;

  try {
    for (const name of Object.keys(REMOTE_DIRS) as RemoteName[]) {
      const app = remoteApp(path.join(distDir, REMOTE_DIRS[name]), hostAllowed);
      let server = serverFor(app);
      const port = await listen(server, options.remotePorts?.[name] ?? REMOTE_DEFAULT_PORTS[name], host);
      servers.push(server);
      const remote: RemoteHost = {
        url: `http://${host}:${port}`,
        port,
        stop: () => close(server),
        async start() {
          if (server.listening) return;
          server = serverFor(app);
          servers.push(server);
          await listen(server, port, host);
        },
      };
      remotes[name] = remote;
      log(`${REMOTE_DIRS[name]} on ${remote.url}`);
    }
    const manifests = Object.fromEntries(Object.entries(remotes).map(([name, remote]) => [name, `${remote.url}/mf-manifest.json`])) as Record<RemoteName, string>;
    config = typeof options.appConfig === 'function' ? options.appConfig(manifests) : options.appConfig;
    const resolved = config;
    const hints = earlyHints();
    const shellServer = serverFor(shellApp(path.join(distDir, 'shell'), () => resolved, hostAllowed, hints));
    const shellPort = await listen(shellServer, options.shellPort ?? 4200, host);
    servers.push(shellServer);
    const shellUrl = `http://${host}:${shellPort}`;
    log(`shell on ${shellUrl}`);
    return {
      shellUrl,
      shellPort,
      remotes,
      appConfig: resolved,
      stop: async () => {
        await Promise.all(servers.map(close));
      },
    };
  } catch (error) {
    await Promise.all(servers.map(close));
    throw error;
  }
}
