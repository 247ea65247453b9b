import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { AppConfig, RemoteName } from '@dossier/shared';
import { hostAllowList, MISDIRECTED_MESSAGE } from '../http/host-check.js';
import { REMOTE_DEFAULT_PORTS, REMOTE_DIRS } from './registry.js';

export { REMOTE_DIRS };

/**
 * Serves the production build: dist/shell on the shell port (SPA fallback + a generated
 * /app-config.json) and each dist/mfe-* on its own port with CORS, like a CDN per remote.
 * Caching follows docs/architecture.md: config, manifests, entries, HTML and sw.js are `no-cache`;
 * content-hashed chunks are immutable for a year.
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.mjs.map': 'application/json',
};
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|javascript))/;
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

function setHeaders(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

/** 421 for a Host that is not ours (DNS rebinding); true when answered. */
function misdirected(req: IncomingMessage, res: ServerResponse, allowed: (h: string | undefined) => boolean): boolean {
  if (allowed(req.headers.host)) return false;
  res.statusCode = 421;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Connection', 'close');
  res.end(MISDIRECTED_MESSAGE);
  return true;
}

const gzipCache = new Map<string, { mtimeMs: number; body: Buffer }>();

function sendFile(req: IncomingMessage, res: ServerResponse, file: string, extraHeaders: Record<string, string>) {
  const stat = statSync(file);
  const ext = path.extname(file).toLowerCase();
  const type = TYPES[ext] ?? 'application/octet-stream';
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControlFor(path.basename(file)));
  res.setHeader('Last-Modified', stat.mtime.toUTCString());
  res.setHeader('Vary', 'Accept-Encoding');
  for (const [name, value] of Object.entries(extraHeaders)) res.setHeader(name, value);
  if (req.headers['if-modified-since'] && new Date(req.headers['if-modified-since']).getTime() >= Math.floor(stat.mtimeMs / 1000) * 1000) {
    res.statusCode = 304;
    return res.end();
  }
  const gzip = COMPRESSIBLE.test(type) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && stat.size > 1024;
  if (gzip) {
    let cached = gzipCache.get(file);
    if (!cached || cached.mtimeMs !== stat.mtimeMs) {
      cached = { mtimeMs: stat.mtimeMs, body: gzipSync(readFileSync(file)) };
      gzipCache.set(file, cached);
    }
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Content-Length', cached.body.length);
    return res.end(req.method === 'HEAD' ? undefined : cached.body);
  }
  res.setHeader('Content-Length', stat.size);
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

/** Resolves a URL path inside `root`, never outside it. */
function fileFor(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
  } catch {
    return null;
  }
  const file = path.normalize(path.join(root, decoded));
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return existsSync(file) && statSync(file).isFile() ? file : null;
}

function notFound(res: ServerResponse) {
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-cache');
  res.end('Not found');
}

function methodNotAllowed(req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method === 'GET' || req.method === 'HEAD') return false;
  res.statusCode = 405;
  res.setHeader('Allow', 'GET, HEAD, OPTIONS');
  res.end();
  return true;
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

function shellHandler(root: string, appConfig: () => AppConfig, hostAllowed: (h: string | undefined) => boolean) {
  // index.html's inline scripts are allowed by hash; read again when a new build replaces it.
  let csp = { mtimeMs: -1, value: contentSecurityPolicy(appConfig()) };
  const cspNow = () => {
    const index = path.join(root, 'index.html');
    const mtimeMs = existsSync(index) ? statSync(index).mtimeMs : 0;
    if (mtimeMs !== csp.mtimeMs) csp = { mtimeMs, value: contentSecurityPolicy(appConfig(), mtimeMs ? inlineScriptHashes(readFileSync(index, 'utf8')) : []) };
    return csp.value;
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    if (misdirected(req, res, hostAllowed)) return;
    setHeaders(res, BASE_SECURITY_HEADERS);
    res.setHeader('Content-Security-Policy', cspNow());
    res.setHeader('X-Frame-Options', 'DENY');
    if (methodNotAllowed(req, res)) return;
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (urlPath === '/app-config.json') {
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      return res.end(JSON.stringify(appConfig()));
    }
    const file = urlPath === '/' ? null : fileFor(root, urlPath);
    if (file) return sendFile(req, res, file, {});
    // SPA fallback: any page address gets index.html; a missing asset stays a 404.
    const index = path.join(root, 'index.html');
    const looksLikeAsset = /\.[a-z0-9]{1,12}$/i.test(urlPath) && !String(req.headers.accept ?? '').includes('text/html');
    if (!looksLikeAsset && existsSync(index)) return sendFile(req, res, index, {});
    return notFound(res);
  };
}

function remoteHandler(root: string, hostAllowed: (h: string | undefined) => boolean) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (misdirected(req, res, hostAllowed)) return;
    setHeaders(res, BASE_SECURITY_HEADERS);
    // A remote's own page (standalone development view) is not to be framed either.
    res.setHeader('Content-Security-Policy', "object-src 'none'; base-uri 'self'; frame-ancestors 'none'");
    // Remotes are loaded cross-origin by the shell (scripts, manifest fetch, CSS).
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', '*');
      res.statusCode = 204;
      return res.end();
    }
    if (methodNotAllowed(req, res)) return;
    const urlPath = (req.url ?? '/').split('?')[0] ?? '/';
    const file = fileFor(root, urlPath === '/' ? '/index.html' : urlPath);
    if (file) return sendFile(req, res, file, {});
    // The remote's standalone page is a SPA too.
    const index = path.join(root, 'index.html');
    if (!/\.[a-z0-9]{1,12}$/i.test(urlPath) && existsSync(index)) return sendFile(req, res, index, {});
    return notFound(res);
  };
}

export async function startStaticHosts(options: StaticHostsOptions): Promise<StaticHosts> {
  const host = options.host ?? '127.0.0.1';
  const hostAllowed = hostAllowList(host, options.allowedHosts ?? (process.env.STACK_ALLOWED_HOSTS ?? '').split(',').filter(Boolean));
  const distDir = path.resolve(options.distDir);
  const log = options.log ?? (() => undefined);
  const remotes = {} as Record<RemoteName, RemoteHost>;
  const servers: Server[] = [];
  let config: AppConfig | null = null;

  try {
    for (const name of Object.keys(REMOTE_DIRS) as RemoteName[]) {
      let server = createServer(remoteHandler(path.join(distDir, REMOTE_DIRS[name]), hostAllowed));
      const port = await listen(server, options.remotePorts?.[name] ?? REMOTE_DEFAULT_PORTS[name], host);
      servers.push(server);
      const remote: RemoteHost = {
        url: `http://${host}:${port}`,
        port,
        stop: () => close(server),
        async start() {
          if (server.listening) return;
          server = createServer(remoteHandler(path.join(distDir, REMOTE_DIRS[name]), hostAllowed));
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
    const shellServer = createServer(shellHandler(path.join(distDir, 'shell'), () => resolved, hostAllowed));
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
