import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { appConfigFromEnv, REMOTE_DIRS, startStaticHosts } from '../src/static-host/index';
import { createLocalBackend } from '../src/storage/local-backend';
import { googleRoundTrip } from './support/google';
import { databasesSync, withStack } from './support/test-stack';
import { clientOptions } from './support/users';

// Issue #10 §4: web hardening. Each test failed on the stack before the fix.

jest.setTimeout(180_000);

function getWithHost(url: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined> }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, headers: res.headers });
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(databasesSync())('cross-site requests and redirects on %s', (database) => {
  const stack = withStack(database);

  it('a page on another site cannot sign someone up with a text/plain POST and ?apikey=', async () => {
    const email = `csrf-${Date.now()}@example.com`;
    const res = await fetch(`${stack().url}/auth/v1/signup?apikey=${stack().anonKey}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
      body: JSON.stringify({ email, password: 'secret-one' }),
    });
    expect(res.status).toBe(403);
    const users = await stack().db.admin((q) => q.query(`select 1 from auth.users where email = $1`, [email]));
    expect(users.rows).toHaveLength(0);
    // The app's own origin (and clients without Origin) are unaffected.
    const ok = await fetch(`${stack().url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json', origin: 'http://127.0.0.1:4200' },
      body: JSON.stringify({ email, password: 'secret-one' }),
    });
    expect(ok.status).toBe(200);
  });

  it("a page on another site cannot script the Google emulator's faults", async () => {
    const res = await fetch(`${stack().googleUrl}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://evil.example' },
      body: JSON.stringify({ path: '/token', status: 500, count: 5 }),
    });
    expect(res.status).toBe(403);
    const faults = (await (await fetch(`${stack().googleUrl}/__emulator/faults`)).json()) as { faults: unknown[] };
    expect(faults.faults).toEqual([]);
  });

  it('redirect_to another loopback port falls back to the site URL: tokens never go to another local process', async () => {
    const sb = createClient(stack().url, stack().anonKey, { ...clientOptions, auth: { ...clientOptions.auth, flowType: 'implicit' as const } });
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://127.0.0.1:9999/steal', skipBrowserRedirect: true } });
    const landed = await googleRoundTrip(stack(), data.url!, { account: 'ada@example.com', decision: 'allow' });
    expect(landed.origin).toBe(new URL(stack().config.siteUrl).origin);
    const allowed = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: `${stack().config.siteUrl}/auth`, skipBrowserRedirect: true } });
    const back = await googleRoundTrip(stack(), allowed.data.url!, { account: 'ada@example.com', decision: 'allow' });
    expect(`${back.origin}${back.pathname}`).toBe(`${stack().config.siteUrl}/auth`);
  });
});

describe('static hosts', () => {
  let dist: string;
  let hosts: Awaited<ReturnType<typeof startStaticHosts>>;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'dossier-dist-'));
    mkdirSync(path.join(dist, 'shell'));
    writeFileSync(path.join(dist, 'shell', 'index.html'), '<!doctype html><title>Dossier</title>');
    for (const dir of Object.values(REMOTE_DIRS)) {
      mkdirSync(path.join(dist, dir));
      writeFileSync(path.join(dist, dir, 'mf-manifest.json'), '{}');
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
    expect((await getWithHost(`${hosts.shellUrl}/`, 'attacker.example')).status).toBe(421);
    expect((await getWithHost(hosts.appConfig.remotes.documents, 'attacker.example')).status).toBe(421);
    expect((await getWithHost(`${hosts.shellUrl}/`, `localhost:${hosts.shellPort}`)).status).toBe(200);
  });
});

describe('local storage backend', () => {
  it('fsyncs the file and its directories before acknowledging an upload', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'dossier-objects-'));
    try {
      const synced: string[] = [];
      const backend = createLocalBackend(root, { onSync: (p) => synced.push(p) });
      await backend.put('documents/u1/d1/a.pdf/v1', new Uint8Array([1, 2, 3]), 'application/pdf');
      expect(synced[0]).toMatch(/a\.pdf[/\\]v1\..*\.part$/);
      expect(synced.slice(1)).toEqual([
        path.join(root, 'documents', 'u1', 'd1', 'a.pdf'),
        path.join(root, 'documents', 'u1', 'd1'),
        path.join(root, 'documents', 'u1'),
        path.join(root, 'documents'),
        root,
      ]);
      // A second object of the same person: only what changed is synced (ADR 0197) — the new
      // file, its new directories and the directory that gained one; not every ancestor again.
      synced.length = 0;
      await backend.put('documents/u1/d2/b.pdf/v1', new Uint8Array([4]), 'application/pdf');
      expect(synced[0]).toMatch(/b\.pdf[/\\]v1\..*\.part$/);
      expect(synced.slice(1)).toEqual([path.join(root, 'documents', 'u1', 'd2', 'b.pdf'), path.join(root, 'documents', 'u1', 'd2'), path.join(root, 'documents', 'u1')]);
      // A new version in an existing directory: the file and the directory it was renamed into.
      synced.length = 0;
      await backend.put('documents/u1/d2/b.pdf/v2', new Uint8Array([5]), 'application/pdf');
      expect(synced.slice(1)).toEqual([path.join(root, 'documents', 'u1', 'd2', 'b.pdf')]);
      // A directory removed (its last object deleted) and made again is synced again.
      await backend.delete(['documents/u1/d2/b.pdf/v1', 'documents/u1/d2/b.pdf/v2']);
      synced.length = 0;
      await backend.put('documents/u1/d2/b.pdf/v3', new Uint8Array([6]), 'application/pdf');
      expect(synced.slice(1)).toEqual([path.join(root, 'documents', 'u1', 'd2', 'b.pdf'), path.join(root, 'documents', 'u1', 'd2'), path.join(root, 'documents', 'u1')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
