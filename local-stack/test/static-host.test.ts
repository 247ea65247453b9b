// The production static hosts (hono's serveStatic + compress, local-stack/src/static-host): the
// cache policy, compression (the build's Brotli copies, else gzip), conditional requests, ranges and the SPA fallback of docs/serving.md,
// and the security headers, CSP and Host check of every answer.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { appConfigFromEnv, REMOTE_DIRS, startStaticHosts } from '../src/static-host/index.js';

/** The raw bytes and headers (fetch would undo the compression). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http.get(url, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    }).on('error', reject);
  });
}

describe('static hosts serve the build', () => {
  let dist: string;
  let hosts: Awaited<ReturnType<typeof startStaticHosts>>;
  const chunk = `export const x = ${JSON.stringify('Dossier '.repeat(1000))};\n`;
  const globalsBefore = { Request: globalThis.Request, Response: globalThis.Response };
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dossier-static-'));
    mkdirSync(path.join(dist, 'shell'));
    writeFileSync(path.join(dist, 'shell', 'index.html'), '<!doctype html><title>Dossier</title>');
    writeFileSync(path.join(dist, 'shell', 'main.0123456789.js'), chunk);
    writeFileSync(path.join(dist, 'shell', 'sw.js'), chunk);
    writeFileSync(path.join(dist, 'shell', 'logo.png'), Buffer.alloc(4096, 7));
    for (const dir of Object.values(REMOTE_DIRS)) {
      mkdirSync(path.join(dist, dir));
      writeFileSync(path.join(dist, dir, 'mf-manifest.json'), '{}');
      writeFileSync(path.join(dist, dir, 'index.html'), '<!doctype html><title>Area</title>');
    }
    hosts = await startStaticHosts({
      distDir: dist,
      shellPort: 0,
      remotePorts: { documents: 0, portfolios: 0, driveImport: 0, account: 0, debug: 0 },
      appConfig: (remotes) => appConfigFromEnv({}, { supabaseUrl: 'http://127.0.0.1:54999', googleUrl: 'http://127.0.0.1:54998', remotes }),
    });
  });
  afterAll(async () => {
    await hosts?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("leaves the process's Request and Response alone (the API shares the process: npm start, e2e)", () => {
    // @hono/node-server swaps in its own classes unless told not to; with the API in the same
    // process and the module loaded twice, the API's requests then fail in undici (a REST DELETE
    // answered 500 "Cannot read private member #state").
    expect(globalThis.Request).toBe(globalsBefore.Request);
    expect(globalThis.Response).toBe(globalsBefore.Response);
  });

  it('keeps content-hashed chunks for a year and asks again for everything that names them', async () => {
    const hashed = await fetch(`${hosts.shellUrl}/main.0123456789.js`);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await hashed.text()).toBe(chunk);
    for (const url of [`${hosts.shellUrl}/sw.js`, `${hosts.shellUrl}/`, `${hosts.shellUrl}/app-config.json`, hosts.appConfig.remotes.documents]) {
      const res = await fetch(url);
      expect([url, res.status, res.headers.get('cache-control')]).toEqual([url, 200, 'no-cache']);
      await res.arrayBuffer();
    }
  });

  it('gzips text over 1 KiB for a client that accepts it, and leaves pictures alone', async () => {
    const { headers, body } = await rawGet(`${hosts.shellUrl}/main.0123456789.js`, { 'accept-encoding': 'gzip' });
    expect(headers['content-encoding']).toBe('gzip');
    expect(headers.vary).toContain('Accept-Encoding');
    expect(body.length).toBeLessThan(chunk.length / 10);
    expect(gunzipSync(body).toString('utf8')).toBe(chunk);
    const png = await rawGet(`${hosts.shellUrl}/logo.png`, { 'accept-encoding': 'gzip' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.body.length).toBe(4096);
  });

  it("sends the build's Brotli copy to a browser that accepts br, with the file's type and cache policy (ADR 0495)", async () => {
    const shell = path.join(dist, 'shell');
    writeFileSync(path.join(shell, 'page.abcdef0123.js'), chunk);
    const copy = brotliCompressSync(chunk);
    writeFileSync(path.join(shell, 'page.abcdef0123.js.br'), copy);
    const url = `${hosts.shellUrl}/page.abcdef0123.js`;
    // What Chromium sends, even to 127.0.0.1.
    const br = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect([br.status, br.headers['content-encoding'], br.headers['content-length']]).toEqual([200, 'br', String(copy.length)]);
    expect(br.body.equals(copy)).toBe(true);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(chunk);
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('Accept-Encoding');
    // HEAD says what GET would send.
    const head = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.request(url, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, resolve).on('error', reject).end(),
    );
    expect([head.headers['content-encoding'], head.headers['content-length']]).toEqual(['br', String(copy.length)]);
    // Without br (or with br refused), the host's gzip; a Range request gets the file's own bytes.
    for (const accept of ['gzip', 'br;q=0, gzip']) expect((await rawGet(url, { 'accept-encoding': accept })).headers['content-encoding']).toBe('gzip');
    const range = await rawGet(url, { 'accept-encoding': 'br', range: 'bytes=7-11' });
    expect([range.status, range.headers['content-encoding'], range.body.toString('utf8')]).toEqual([206, undefined, chunk.slice(7, 12)]);
    // The app's page itself (the SPA fallback serves index.html) comes from its copy too.
    const index = readFileSync(path.join(shell, 'index.html'));
    writeFileSync(path.join(shell, 'index.html.br'), brotliCompressSync(index));
    try {
      const page = await rawGet(`${hosts.shellUrl}/documents`, { 'accept-encoding': 'br', accept: 'text/html' });
      expect([page.status, page.headers['content-encoding'], brotliDecompressSync(page.body).equals(index)]).toEqual([200, 'br', true]);
    } finally {
      rmSync(path.join(shell, 'index.html.br'));
    }
  });

  it('never sends a Brotli copy older than its file: a file rebuilt in place is sent as it is now', async () => {
    const file = path.join(dist, 'shell', 'sw.js');
    writeFileSync(`${file}.br`, brotliCompressSync('self.version = "the last build";'));
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(`${file}.br`, past, past);
    try {
      const stale = await rawGet(`${hosts.shellUrl}/sw.js`, { 'accept-encoding': 'br, gzip' });
      expect(stale.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(stale.body).toString('utf8')).toBe(chunk);
      // Written with (or after) its file, the copy is sent.
      const now = new Date();
      utimesSync(`${file}.br`, now, now);
      expect((await rawGet(`${hosts.shellUrl}/sw.js`, { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBe('br');
    } finally {
      rmSync(`${file}.br`);
    }
  });

  it('answers an unchanged file with 304, a changed one in full', async () => {
    const first = await fetch(`${hosts.shellUrl}/sw.js`);
    const lastModified = first.headers.get('last-modified') ?? '';
    await first.arrayBuffer();
    expect(lastModified).not.toBe('');
    const again = await fetch(`${hosts.shellUrl}/sw.js`, { headers: { 'if-modified-since': lastModified } });
    expect(again.status).toBe(304);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    const changed = await fetch(`${hosts.shellUrl}/sw.js`, { headers: { 'if-modified-since': older } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe(chunk);
  });

  it('answers a Range request with the bytes asked for', async () => {
    const res = await fetch(`${hosts.shellUrl}/main.0123456789.js`, { headers: { range: 'bytes=7-11' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 7-11/${chunk.length}`);
    expect(await res.text()).toBe(chunk.slice(7, 12));
  });

  it("preconnects an app page to the API and its area's origin, and preloads the area's manifest, in a Link header (issue 24), and nothing on the landing", async () => {
    const linkOf = async (pathname: string) => (await fetch(`${hosts.shellUrl}${pathname}`, { headers: { accept: 'text/html' } })).headers.get('link');
    const api = '<http://127.0.0.1:54999>; rel=preconnect; crossorigin';
    const documents = hosts.remotes.documents.url;
    for (const page of ['/documents', '/documents/123e4567-e89b-12d3-a456-426614174000', '/link/a1b2c3']) {
      expect(await linkOf(page)).toBe(`${api}, <${documents}/mf-manifest.json>; rel=preload; as=fetch; crossorigin, <${documents}>; rel=preconnect; crossorigin, <${documents}>; rel=preconnect`);
    }
    const account = hosts.remotes.account.url;
    expect(await linkOf('/settings')).toBe(`${api}, <${account}/mf-manifest.json>; rel=preload; as=fetch; crossorigin, <${account}>; rel=preconnect; crossorigin, <${account}>; rel=preconnect`);
    // The router's matching (the registry's one matcher, ADR 0482): any case, a trailing slash.
    expect(await linkOf('/Settings/')).toBe(await linkOf('/settings'));
    // A page of no area (the shell's own) only warms the API; the visitor's landing stays light.
    expect(await linkOf('/auth')).toBe(api);
    expect(await linkOf('/documentsx')).toBe(api);
    expect(await linkOf('/')).toBeNull();
  });

  it('gives every page address the app, but a missing asset a 404', async () => {
    const page = await fetch(`${hosts.shellUrl}/documents/abc`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Dossier</title>');
    const missing = await fetch(`${hosts.shellUrl}/gone.0123456789.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    await missing.arrayBuffer();
    const remotePage = await fetch(`${new URL(hosts.appConfig.remotes.documents).origin}/standalone/view`);
    expect(await remotePage.text()).toContain('<title>Area</title>');
    expect((await fetch(`${new URL(hosts.appConfig.remotes.documents).origin}/missing.js`)).status).toBe(404);
  });

  it('is read-only: other methods get 405, a remote answers the CORS preflight', async () => {
    const post = await fetch(`${hosts.shellUrl}/`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const remote = new URL(hosts.appConfig.remotes.documents).origin;
    const preflight = await fetch(`${remote}/mf-manifest.json`, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const manifest = await fetch(`${remote}/mf-manifest.json`);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await manifest.json()).toEqual({});
  });

  it('sends a CSP that fits the app, nosniff, Referrer-Policy and Permissions-Policy', async () => {
    const res = await fetch(`${hosts.shellUrl}/dashboard`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe(`script-src 'self' 'wasm-unsafe-eval' ${Object.values(hosts.remotes).map((r) => r.url).join(' ')}`);
    expect(directive('frame-ancestors')).toBe(`frame-ancestors 'none'`);
    expect(directive('object-src')).toBe(`object-src 'none'`);
    expect(directive('connect-src')).toContain('http://127.0.0.1:54999');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('permissions-policy')).toContain('microphone=()');
    const remote = await fetch(hosts.appConfig.remotes.documents);
    expect(remote.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it("allows index.html's own inline script by its sha256 and nothing inline besides (ADR 0220)", async () => {
    const script = "document.documentElement.classList.add('dossier-landing')";
    const index = path.join(dist, 'shell', 'index.html');
    writeFileSync(index, `<!doctype html><title>Dossier</title><script>${script}</script><script defer src="/main.js"></script>`);
    try {
      const csp = (await fetch(`${hosts.shellUrl}/`)).headers.get('content-security-policy') ?? '';
      const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src ')) ?? '';
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(scriptSrc).toBe(`script-src 'self' 'wasm-unsafe-eval' ${hash} ${Object.values(hosts.remotes).map((r) => r.url).join(' ')}`);
      expect(scriptSrc).not.toContain('unsafe-inline');
    } finally {
      writeFileSync(index, '<!doctype html><title>Dossier</title>');
    }
  });

  it('answers only its own host names (DNS rebinding)', async () => {
    expect((await rawGet(`${hosts.shellUrl}/`, { host: 'attacker.example' })).status).toBe(421);
    expect((await rawGet(hosts.appConfig.remotes.documents, { host: 'attacker.example' })).status).toBe(421);
    expect((await rawGet(`${hosts.shellUrl}/`, { host: `localhost:${hosts.shellPort}` })).status).toBe(200);
  });
});
