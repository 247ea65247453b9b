import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { createLocalBackend } from '../src/storage/local-backend';
import { googleRoundTrip } from './support/google';
import { databasesSync, withStack } from './support/test-stack';
import { clientOptions } from './support/users';
// Issue #10 §4: web hardening. Each test failed on the stack before the fix.

jest.setTimeout(180_000);

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
