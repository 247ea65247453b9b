import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Upload, type UploadOptions } from 'tus-js-client';
import { Upload as TusUpload } from '@tus/server';
import { CREATOR_KEYS, TusStore } from '../src/storage/tus-store';
import { decodeUploadId, encodeUploadId } from '../src/storage/tus';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { clientOptions, createTestUser, serviceClient, type TestUser } from './support/users';

// Resumable uploads (TUS 1.0.0 at /storage/v1/upload/resumable) with the real tus-js-client in Node,
// through a TCP proxy the tests can cut, on each database.

const CHUNK = 6 * 1024 * 1024;

/** A TCP proxy to the stack that can drop every connection once `cutAfter` request bytes went through. */
class CuttableProxy {
  private server: net.Server;
  private sockets = new Set<net.Socket>();
  /** Bytes from clients to the stack since the last reset. */
  sent = 0;
  cutAfter = Infinity;
  port = 0;

  constructor(private readonly target: number) {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target, '127.0.0.1');
      this.sockets.add(client).add(upstream);
      let severed = false;
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('data', (data: Buffer) => {
        if (severed) return;
        this.sent += data.byteLength;
        if (this.sent >= this.cutAfter) {
          // The line goes dead as on a phone: what got through reached the stack, nothing more
          // arrives, and the stack hears no goodbye (its side stays open until it gives up).
          const keep = data.byteLength - (this.sent - this.cutAfter);
          if (keep > 0) upstream.write(data.subarray(0, keep));
          severed = true;
          this.cutAfter = Infinity;
          client.destroy();
          return;
        }
        upstream.write(data);
      });
      upstream.on('data', (data: Buffer) => client.write(data));
      client.on('error', () => undefined).on('close', () => {
        if (!severed) upstream.destroy();
      });
      upstream.on('error', drop).on('close', drop);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function sha(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Runs one tus-js-client upload to the end (or its first error); resolves with the upload URL. */
function runUpload(file: Buffer, options: UploadOptions): Promise<{ url: string | null; error: Error | null; progress: number[] }> {
  return new Promise((resolve) => {
    const progress: number[] = [];
    const upload: Upload = new Upload(file, {
      chunkSize: CHUNK,
      retryDelays: [],
      ...options,
      onProgress: (sent) => progress.push(sent),
      onSuccess: () => resolve({ url: upload.url, error: null, progress }),
      onError: (error) => resolve({ url: upload.url, error, progress }),
    });
    upload.start();
  });
}

describe('TUS helpers', () => {
  it('round-trips upload ids as Supabase encodes them', () => {
    const version = randomUUID();
    const id = encodeUploadId('documents', 'u/d/ä b.pdf', version);
    expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeUploadId(id)).toEqual({ bucket: 'documents', objectName: 'u/d/ä b.pdf', version });
    expect(decodeUploadId('not/base64url')).toBeNull();
  });

  it('forgets uploads once they expire, and keeps the others', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tus-store-'));
    try {
      const store = new TusStore(dir, 1000);
      const create = (at: number) =>
        store.create(new TusUpload({ id: `b/o/${randomUUID()}`, size: 10, offset: 0, metadata: { [CREATOR_KEYS.role]: 'anon' }, creation_date: new Date(at).toISOString() }));
      const old = await create(0);
      const fresh = await create(4000);
      expect(await store.deleteExpired(2000)).toBe(1);
      expect(await store.info(old.id)).toBeNull();
      expect(await store.info(fresh.id)).not.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(databasesSync())('resumable uploads on %s', (database) => {
  let stack: TestStack;
  let proxy: CuttableProxy;
  let alice: TestUser;
  let bob: TestUser;

  const endpoint = () => `http://127.0.0.1:${proxy.port}/storage/v1/upload/resumable`;
  const direct = () => `${stack.url}/storage/v1/upload/resumable`;
  const headersFor = (user: TestUser, upsert = false) => ({ authorization: `Bearer ${user.accessToken}`, apikey: stack.anonKey, 'x-upsert': String(upsert) });
  const meta = (objectName: string, contentType = 'application/pdf') => ({ bucketName: 'documents', objectName, contentType, cacheControl: '3600' });
  /** The same upload URL on the stack itself (the proxy's port swapped for the stack's). */
  const onStack = (url: string) => url.replace(`127.0.0.1:${proxy.port}`, new URL(stack.url).host);

  async function head(url: string, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { 'tus-resumable': '1.0.0', apikey: stack.anonKey };
    if (token) headers.authorization = `Bearer ${token}`;
    return fetch(onStack(url), { method: 'HEAD', headers });
  }

  /** supabase-js as `user` against the stack as it is now (the restart test moves its port). */
  const clientFor = (user: TestUser): SupabaseClient =>
    createClient(stack.url, stack.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${user.accessToken}` } } });

  async function download(user: TestUser, objectName: string): Promise<Uint8Array> {
    const { data, error } = await clientFor(user).storage.from('documents').download(objectName);
    if (error) throw error;
    return new Uint8Array(await data.arrayBuffer());
  }

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { authRateLimits: { signInSignUps: 10_000 } } });
    proxy = new CuttableProxy(Number(new URL(stack.url).port));
    await proxy.start();
    alice = await createTestUser(stack, 'alice');
    bob = await createTestUser(stack, 'bob');
  }, 180_000);
  afterAll(async () => {
    await proxy?.stop();
    await stack?.stop();
  });

  it('resumes a cut upload from the offset the server holds; the stored bytes are identical', async () => {
    const file = randomBytes(20 * 1024 * 1024);
    const objectName = `${alice.id}/${randomUUID()}/big.pdf`;
    proxy.sent = 0;
    proxy.cutAfter = Math.floor(file.byteLength * 0.6);
    const first = await runUpload(file, { endpoint: endpoint(), headers: headersFor(alice), metadata: meta(objectName) });
    expect(first.error).not.toBeNull();
    expect(first.url).toMatch(/\/storage\/v1\/upload\/resumable\/[A-Za-z0-9_-]+$/);

    // What the server kept: every byte that reached it, up to the cut.
    // (It may still be writing what was in flight when the line went dead: wait until it settles.)
    let probe = await head(first.url!, alice.accessToken);
    for (let i = 0; i < 50; i += 1) {
      await new Promise((r) => setTimeout(r, 300));
      const next = await head(first.url!, alice.accessToken);
      const settled = next.headers.get('upload-offset') === probe.headers.get('upload-offset');
      probe = next;
      if (settled) break;
    }
    expect(probe.status).toBe(200);
    expect(probe.headers.get('tus-resumable')).toBe('1.0.0');
    expect(probe.headers.get('upload-length')).toBe(String(file.byteLength));
    const kept = Number(probe.headers.get('upload-offset'));
    expect(kept).toBeGreaterThan(Math.floor(file.byteLength * 0.6) - 64 * 1024);
    expect(kept).toBeLessThan(file.byteLength);

    // The connection is back: resume the same upload URL; only the rest travels.
    proxy.sent = 0;
    // (The stack may still be writing the last bytes it got: a 409 on the first PATCH is retried.)
    const second = await runUpload(file, { endpoint: endpoint(), uploadUrl: first.url!, headers: headersFor(alice), metadata: meta(objectName), retryDelays: [100, 500, 1000] });
    expect(second.error).toBeNull();
    expect(second.progress[0]).toBeGreaterThanOrEqual(kept);
    expect(proxy.sent).toBeLessThan(file.byteLength - kept + CHUNK);

    const stored = await download(alice, objectName);
    expect(stored.byteLength).toBe(file.byteLength);
    expect(sha(stored)).toBe(sha(file));
    // The finished upload is gone: its URL answers 404.
    expect((await head(first.url!, alice.accessToken)).status).toBe(404);
  });

  it('keeps partial uploads across a restart of the stack', async () => {
    const file = randomBytes(CHUNK + 1234);
    const objectName = `${alice.id}/${randomUUID()}/restart.bin`;
    const created = await fetch(direct(), {
      method: 'POST',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': String(file.byteLength), 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(objectName).toString('base64')}`, 'content-type': 'application/offset+octet-stream' },
      body: file.subarray(0, CHUNK),
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(CHUNK));
    const url = created.headers.get('location')!;
    const port = new URL(stack.url).port;
    // The proxy holds connections open and points at the old port: follow the restarted stack.
    await proxy.stop();
    stack = await stack.restart();
    proxy = new CuttableProxy(Number(new URL(stack.url).port));
    await proxy.start();
    const after = url.replace(`:${port}/`, `:${new URL(stack.url).port}/`);
    const probe = await fetch(after, { method: 'HEAD', headers: { ...headersFor(alice), 'tus-resumable': '1.0.0' } });
    expect(probe.headers.get('upload-offset')).toBe(String(CHUNK));
    const done = await fetch(after, {
      method: 'PATCH',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-offset': String(CHUNK), 'content-type': 'application/offset+octet-stream' },
      body: file.subarray(CHUNK),
    });
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe(String(file.byteLength));
    expect(sha(await download(alice, objectName))).toBe(sha(file));
  }, 180_000);

  describe('who may use an upload', () => {
    let url: string;
    let objectName: string;
    const part = randomBytes(1000);

    beforeAll(async () => {
      objectName = `${alice.id}/${randomUUID()}/mine.bin`;
      const created = await fetch(direct(), {
        method: 'POST',
        headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': '3000', 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(objectName).toString('base64')}` },
      });
      expect(created.status).toBe(201);
      url = created.headers.get('location')!;
      const patched = await fetch(url, {
        method: 'PATCH',
        headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: part,
      });
      expect(patched.status).toBe(204);
    });

    it('another user can neither read the offset of my upload nor append to it nor end it', async () => {
      expect((await head(url, bob.accessToken)).status).toBe(404);
      const append = await fetch(url, {
        method: 'PATCH',
        headers: { ...headersFor(bob), 'tus-resumable': '1.0.0', 'upload-offset': '1000', 'content-type': 'application/offset+octet-stream' },
        body: randomBytes(2000),
      });
      expect(append.status).toBe(404);
      const end = await fetch(url, { method: 'DELETE', headers: { ...headersFor(bob), 'tus-resumable': '1.0.0' } });
      expect(end.status).toBe(404);
      const mine = await head(url, alice.accessToken);
      expect(mine.headers.get('upload-offset')).toBe('1000');
    });

    it('anonymous callers get nothing either, and no token at all is refused', async () => {
      expect((await head(url, stack.anonKey)).status).toBe(404);
      expect((await head(url, null)).status).toBe(404);
      const noAuth = await fetch(direct(), { method: 'POST', headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' } });
      expect(noAuth.status).toBe(400);
    });

    it('tus-js-client as another user fails on my upload URL and leaves it untouched', async () => {
      const attempt = await runUpload(randomBytes(3000), { endpoint: endpoint(), uploadUrl: url.replace(new URL(stack.url).host, `127.0.0.1:${proxy.port}`), headers: headersFor(bob), metadata: meta(objectName), chunkSize: 3000 });
      // tus-js-client creates a fresh upload when the URL is not found: bob's own, refused by RLS.
      expect(attempt.error).not.toBeNull();
      expect(String(attempt.error)).toMatch(/403/);
      expect((await head(url, alice.accessToken)).headers.get('upload-offset')).toBe('1000');
      const { data } = await serviceClient(stack).storage.from('documents').list(objectName.split('/').slice(0, 2).join('/'));
      expect(data).toEqual([]);
    });

    it('a wrong offset is a conflict, and the owner can terminate the upload', async () => {
      const wrong = await fetch(url, {
        method: 'PATCH',
        headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: part,
      });
      expect(wrong.status).toBe(409);
      const end = await fetch(url, { method: 'DELETE', headers: { ...headersFor(alice), 'tus-resumable': '1.0.0' } });
      expect(end.status).toBe(204);
      expect((await head(url, alice.accessToken)).status).toBe(404);
    });
  });

  it('HEAD answers the upload\'s metadata as stored; who created it comes from the token, never from the metadata', async () => {
    const objectName = `${alice.id}/${randomUUID()}/spoof.txt`;
    const b64 = (v: string) => Buffer.from(v).toString('base64');
    // Alice names Bob as the owner in her metadata: the server keeps her, from her token.
    const created = await fetch(direct(), {
      method: 'POST',
      headers: {
        ...headersFor(alice),
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `bucketName ${b64('documents')},objectName ${b64(objectName)},contentType ${b64('text/plain')},cacheControl ${b64('60')},${CREATOR_KEYS.owner} ${b64(bob.id)},${CREATOR_KEYS.role} ${b64('service_role')}`,
      },
    });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    expect((await head(url, bob.accessToken)).status).toBe(404);
    const mine = await head(url, alice.accessToken);
    expect(mine.status).toBe(200);
    const answered = Object.fromEntries(
      (mine.headers.get('upload-metadata') ?? '').split(',').map((pair) => {
        const [key, value] = pair.split(' ');
        return [key, value === undefined ? null : Buffer.from(value, 'base64').toString('utf8')];
      }),
    );
    expect(answered).toEqual({ bucketName: 'documents', objectName, contentType: 'text/plain', cacheControl: 'max-age=60' });
    await fetch(url, { method: 'DELETE', headers: { ...headersFor(alice), 'tus-resumable': '1.0.0' } });
  });

  it('refuses an upload into another person\'s folder at creation (storage.objects insert policy)', async () => {
    const res = await fetch(direct(), {
      method: 'POST',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(`${bob.id}/x/evil.pdf`).toString('base64')}` },
    });
    expect(res.status).toBe(403);
    const anon = await fetch(direct(), {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(`${alice.id}/x/anon.pdf`).toString('base64')}` },
    });
    expect(anon.status).toBe(403);
    // The whole file in the creation request (checked by the object row's insert, ADR 0235):
    // refused the same way, and nothing is kept — no object, no upload left behind.
    const evil = `${bob.id}/${randomUUID()}/evil.pdf`;
    const whole = await fetch(direct(), {
      method: 'POST',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': '10', 'content-type': 'application/offset+octet-stream', 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(evil).toString('base64')}` },
      body: Buffer.from('0123456789'),
    });
    expect(whole.status).toBe(403);
    expect(whole.headers.get('location')).toBeNull();
    const { data: listed } = await serviceClient(stack).storage.from('documents').list(evil.split('/').slice(0, 2).join('/'));
    expect(listed ?? []).toEqual([]);
    // And an existing object without x-upsert is still a conflict.
    const mine = `${alice.id}/${randomUUID()}/twice.pdf`;
    const post = (name: string) =>
      fetch(direct(), {
        method: 'POST',
        headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': '5', 'content-type': 'application/offset+octet-stream', 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(name).toString('base64')}` },
        body: Buffer.from('12345'),
      });
    expect((await post(mine)).status).toBe(201);
    expect((await post(mine)).status).toBe(409);
  });

  it('answers 413 before any byte when the file is larger than the bucket allows', async () => {
    const admin = serviceClient(stack);
    const bucket = `tiny-${randomUUID().slice(0, 8)}`;
    expect((await admin.storage.createBucket(bucket, { public: false, fileSizeLimit: 1024 })).error).toBeNull();
    const res = await fetch(direct(), {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.serviceRoleKey}`, apikey: stack.serviceRoleKey, 'tus-resumable': '1.0.0', 'upload-length': '2048', 'upload-metadata': `bucketName ${Buffer.from(bucket).toString('base64')},objectName ${Buffer.from('a/big.bin').toString('base64')}` },
    });
    expect(res.status).toBe(413);
    const attempt = await runUpload(randomBytes(2048), { endpoint: endpoint(), headers: { authorization: `Bearer ${stack.serviceRoleKey}`, apikey: stack.serviceRoleKey }, metadata: { bucketName: bucket, objectName: 'a/big.bin' } });
    expect(String(attempt.error)).toMatch(/413/);
    // Exactly at the limit is fine.
    const ok = await runUpload(randomBytes(1024), { endpoint: endpoint(), headers: { authorization: `Bearer ${stack.serviceRoleKey}`, apikey: stack.serviceRoleKey }, metadata: { bucketName: bucket, objectName: 'a/fits.bin' } });
    expect(ok.error).toBeNull();
  });

  it('speaks the protocol: OPTIONS lists the extensions, a missing Tus-Resumable is 412, bodies past Upload-Length are 413', async () => {
    const options = await fetch(direct(), { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toBe('1.0.0');
    expect(options.headers.get('tus-extension')).toContain('termination');
    expect(Number(options.headers.get('tus-max-size'))).toBeGreaterThan(0);

    const noVersion = await fetch(direct(), { method: 'POST', headers: { ...headersFor(alice), 'upload-length': '10' } });
    expect(noVersion.status).toBe(412);
    const malformed = await fetch(direct(), { method: 'POST', headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': 'a b c' } });
    expect(malformed.status).toBe(400);

    const objectName = `${alice.id}/${randomUUID()}/short.txt`;
    const created = await fetch(direct(), {
      method: 'POST',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-length': '5', 'upload-metadata': `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(objectName).toString('base64')},contentType ${Buffer.from('text/plain').toString('base64')}` },
    });
    const url = created.headers.get('location')!;
    const tooLong = await fetch(url, {
      method: 'PATCH',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      body: Buffer.from('0123456789'),
    });
    expect(tooLong.status).toBe(413);
    const notStream = await fetch(url, {
      method: 'PATCH',
      headers: { ...headersFor(alice), 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'text/plain' },
      body: 'abc',
    });
    expect(notStream.status).toBe(415);
  });

  it('a completed upload is a normal object: type, cache control, user metadata; x-upsert replaces', async () => {
    const objectName = `${alice.id}/${randomUUID()}/note.txt`;
    const first = await runUpload(Buffer.from('first version'), {
      endpoint: endpoint(),
      headers: headersFor(alice),
      metadata: { ...meta(objectName, 'text/plain'), metadata: JSON.stringify({ kind: 'note' }) },
    });
    expect(first.error).toBeNull();
    const { data: info } = await clientFor(alice).storage.from('documents').info(objectName);
    expect(info).toMatchObject({ contentType: 'text/plain', cacheControl: 'max-age=3600', size: 13, metadata: { kind: 'note' } });
    // Hashed as it arrived (the file was adopted, not read back; ADR 0235): the ETag is its MD5.
    expect(info?.etag).toContain(createHash('md5').update('first version').digest('hex'));
    const again = await runUpload(Buffer.from('second'), { endpoint: endpoint(), headers: headersFor(alice), metadata: meta(objectName, 'text/plain') });
    expect(String(again.error)).toMatch(/409/);
    const upsert = await runUpload(Buffer.from('second'), { endpoint: endpoint(), headers: headersFor(alice, true), metadata: meta(objectName, 'text/plain') });
    expect(upsert.error).toBeNull();
    expect(Buffer.from(await download(alice, objectName)).toString()).toBe('second');
  });
});
