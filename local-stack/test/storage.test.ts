import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createJwtService } from '../src/http/jwt';
import { createStorageApp } from '../src/storage/index';
import { createLocalBackend } from '../src/storage/local-backend';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

// Supabase Storage-compatible API through the real supabase-js client, on each database.

let counter = 0;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

describe.each(databasesSync())('storage on %s', (database) => {
  let stack: TestStack;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let aliceId: string;
  let bobId: string;

  async function signedUp(): Promise<{ client: SupabaseClient; id: string }> {
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const { data, error } = await client.auth.signUp({ email: `store-${Date.now().toString(36)}-${++counter}@example.com`, password: 'secret-one' });
    if (error) throw error;
    return { client, id: data.user!.id };
  }

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { authRateLimits: { signInSignUps: 10_000 } } });
    ({ client: alice, id: aliceId } = await signedUp());
    ({ client: bob, id: bobId } = await signedUp());
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('uploads raw and multipart bodies, downloads them with their type, and reports info', async () => {
    const docs = alice.storage.from('documents');
    const raw = await docs.upload(`${aliceId}/d1/notes.txt`, Buffer.from('hello raw'), { contentType: 'text/plain' });
    expect(raw.error).toBeNull();
    expect(raw.data).toMatchObject({ path: `${aliceId}/d1/notes.txt`, fullPath: `documents/${aliceId}/d1/notes.txt` });
    expect(typeof raw.data!.id).toBe('string');

    const blob = new Blob(['%PDF-1.4 multipart'], { type: 'application/pdf' });
    const multi = await docs.upload(`${aliceId}/d2/scan.pdf`, blob, { cacheControl: '120' });
    expect(multi.error).toBeNull();

    const dl = await docs.download(`${aliceId}/d2/scan.pdf`);
    expect(dl.error).toBeNull();
    expect(await dl.data!.text()).toBe('%PDF-1.4 multipart');
    expect(dl.data!.type).toBe('application/pdf');

    const info = await docs.info(`${aliceId}/d2/scan.pdf`);
    expect(info.error).toBeNull();
    expect(info.data).toMatchObject({ name: `${aliceId}/d2/scan.pdf`, size: 18, contentType: 'application/pdf', cacheControl: 'max-age=120', bucketId: 'documents' });

    expect((await docs.exists(`${aliceId}/d1/notes.txt`)).data).toBe(true);
    expect((await docs.exists(`${aliceId}/d1/missing.txt`)).data).toBe(false);
  });

  it('refuses a duplicate upload without upsert (409) and replaces the bytes with upsert', async () => {
    const docs = alice.storage.from('documents');
    const key = `${aliceId}/d3/v.txt`;
    await docs.upload(key, Buffer.from('one'), { contentType: 'text/plain' });
    const dup = await docs.upload(key, Buffer.from('two'), { contentType: 'text/plain' });
    expect(dup.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const up = await docs.upload(key, Buffer.from('three'), { contentType: 'text/plain', upsert: true });
    expect(up.error).toBeNull();
    expect(await (await docs.download(key)).data!.text()).toBe('three');
    // Only the current version's bytes remain on disk.
    expect(filesUnder(path.join(stack.dataDir, 'storage', 'documents', aliceId, 'd3', 'v.txt'))).toHaveLength(1);
  });

  it('lists one folder level with folders as id-null entries, with search, sort, limit and offset', async () => {
    const docs = alice.storage.from('documents');
    await docs.upload(`${aliceId}/list/b.txt`, Buffer.from('b'), { contentType: 'text/plain' });
    await docs.upload(`${aliceId}/list/a.txt`, Buffer.from('a'), { contentType: 'text/plain' });
    await docs.upload(`${aliceId}/list/sub/c.txt`, Buffer.from('c'), { contentType: 'text/plain' });
    const { data, error } = await docs.list(`${aliceId}/list`);
    expect(error).toBeNull();
    expect(data!.map((e) => e.name)).toEqual(['a.txt', 'b.txt', 'sub']);
    const folder = data!.find((e) => e.name === 'sub')!;
    expect(folder.id).toBeNull();
    expect(folder.metadata).toBeNull();
    expect(data!.find((e) => e.name === 'a.txt')!.metadata).toMatchObject({ size: 1, mimetype: 'text/plain' });
    expect((await docs.list(`${aliceId}/list`, { search: 'b' })).data!.map((e) => e.name)).toEqual(['b.txt']);
    expect((await docs.list(`${aliceId}/list`, { limit: 1, offset: 1 })).data!.map((e) => e.name)).toEqual(['b.txt']);
    expect((await docs.list(`${aliceId}/list`, { sortBy: { column: 'name', order: 'desc' } })).data!.map((e) => e.name)).toEqual(['sub', 'b.txt', 'a.txt']);
    const top = await docs.list(aliceId);
    expect(top.data!.map((e) => e.name)).toEqual(expect.arrayContaining(['list', 'd1', 'd2']));
  });

  it('answers ?download= with the UTF-8 name in an RFC 5987 filename* and a safe ASCII filename (issue 21 item 2)', async () => {
    const docs = alice.storage.from('documents');
    const key = `${aliceId}/named/scan.pdf`;
    await docs.upload(key, Buffer.from('%PDF-1.4 named'), { contentType: 'application/pdf' });
    const signed = await docs.createSignedUrl(key, 60);
    expect(signed.error).toBeNull();
    for (const name of ['Passport – Eleanor Whitfield.pdf', "Bob's (copy) ünïcode.pdf"]) {
      // The parameter as a browser's URL API sets it: encoded once (see withDownloadName).
      const url = new URL(signed.data!.signedUrl);
      url.searchParams.set('download', name);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const header = res.headers.get('content-disposition') ?? '';
      expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      const star = /filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(header);
      expect(star && decodeURIComponent(star[1])).toBe(name);
      expect(/filename="([^"]*)"/.exec(header)![1]).not.toMatch(/%[0-9A-F]{2}/i);
    }
  });

  it('signs download URLs (one and many) that work without a key, honour download=, and refuse a forged path', async () => {
    const docs = alice.storage.from('documents');
    const key = `${aliceId}/sign/report.txt`;
    await docs.upload(key, Buffer.from('signed bytes'), { contentType: 'text/plain' });
    const one = await docs.createSignedUrl(key, 60, { download: 'mine.txt' });
    expect(one.error).toBeNull();
    const res = await fetch(one.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
    expect(res.headers.get('content-disposition')).toContain('filename="mine.txt"');

    // Byte ranges (PDF viewers ask for them).
    const part = await fetch(one.data!.signedUrl, { headers: { range: 'bytes=0-5' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-5/12');
    expect(await part.text()).toBe('signed');

    const many = await docs.createSignedUrls([key, `${aliceId}/sign/none.txt`], 60);
    expect(many.error).toBeNull();
    expect(many.data![0].error).toBeNull();
    expect(await (await fetch(many.data![0].signedUrl!)).text()).toBe('signed bytes');
    expect(many.data![1].signedUrl).toBeNull();
    expect(many.data![1].error).toBeTruthy();

    const forged = one.data!.signedUrl.replace('report.txt', 'other.txt');
    const bad = await fetch(forged);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
  });

  it('uploads through a signed upload URL', async () => {
    const docs = alice.storage.from('documents');
    const key = `${aliceId}/signed-upload/file.txt`;
    const signed = await docs.createSignedUploadUrl(key);
    expect(signed.error).toBeNull();
    const anon = createClient(stack.url, stack.anonKey, clientOptions).storage.from('documents');
    const put = await anon.uploadToSignedUrl(key, signed.data!.token, Buffer.from('via token'), { contentType: 'text/plain' });
    expect(put.error).toBeNull();
    expect(await (await docs.download(key)).data!.text()).toBe('via token');
    // Bob may not even ask for an upload URL inside Alice's folder.
    const denied = await bob.storage.from('documents').createSignedUploadUrl(`${aliceId}/signed-upload/evil.txt`);
    expect(denied.error).toMatchObject({ statusCode: '403' });
  });

  it('moves, copies and removes objects', async () => {
    const docs = alice.storage.from('documents');
    await docs.upload(`${aliceId}/mv/a.txt`, Buffer.from('move me'), { contentType: 'text/plain' });
    const moved = await docs.move(`${aliceId}/mv/a.txt`, `${aliceId}/mv/b.txt`);
    expect(moved.error).toBeNull();
    expect((await docs.download(`${aliceId}/mv/a.txt`)).error).toMatchObject({ statusCode: '404' });
    expect(await (await docs.download(`${aliceId}/mv/b.txt`)).data!.text()).toBe('move me');

    const copied = await docs.copy(`${aliceId}/mv/b.txt`, `${aliceId}/mv/c.txt`);
    expect(copied.error).toBeNull();
    expect(copied.data!.path).toBe(`documents/${aliceId}/mv/c.txt`);
    expect(await (await docs.download(`${aliceId}/mv/c.txt`)).data!.text()).toBe('move me');

    const removed = await docs.remove([`${aliceId}/mv/b.txt`, `${aliceId}/mv/c.txt`]);
    expect(removed.error).toBeNull();
    expect(removed.data!.map((o) => o.name).sort()).toEqual([`${aliceId}/mv/b.txt`, `${aliceId}/mv/c.txt`]);
    expect((await docs.list(`${aliceId}/mv`)).data).toEqual([]);
    expect(filesUnder(path.join(stack.dataDir, 'storage', 'documents', aliceId, 'mv'))).toEqual([]);
  });

  it("keeps Bob out of Alice's files: read, list, sign, remove, overwrite, move and upload into her folder", async () => {
    const key = `${aliceId}/private/secret.txt`;
    await alice.storage.from('documents').upload(key, Buffer.from('only alice'), { contentType: 'text/plain' });
    const docs = bob.storage.from('documents');
    expect((await docs.download(key)).error).toMatchObject({ statusCode: '404' });
    expect((await docs.info(key)).error).toMatchObject({ statusCode: '404' });
    expect((await docs.list(`${aliceId}/private`)).data).toEqual([]);
    expect((await docs.createSignedUrl(key, 60)).error).toMatchObject({ statusCode: '404' });
    expect((await docs.createSignedUrls([key], 60)).data![0].signedUrl).toBeNull();
    expect((await docs.remove([key])).data).toEqual([]);
    expect((await docs.upload(key, Buffer.from('bob was here'), { contentType: 'text/plain', upsert: true })).error).toMatchObject({ statusCode: '403' });
    expect((await docs.upload(`${aliceId}/private/new.txt`, Buffer.from('x'), { contentType: 'text/plain' })).error).toMatchObject({
      statusCode: '403',
      message: 'new row violates row-level security policy',
    });
    expect((await docs.move(key, `${bobId}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    expect((await docs.copy(key, `${bobId}/stolen.txt`)).error).toMatchObject({ statusCode: '404' });
    // Bob's refused upload wrote no bytes, and Alice's file is intact.
    expect(filesUnder(path.join(stack.dataDir, 'storage', 'documents', aliceId, 'private', 'new.txt'))).toEqual([]);
    expect(await (await alice.storage.from('documents').download(key)).data!.text()).toBe('only alice');
    // Anonymous callers see nothing at all.
    const anon = createClient(stack.url, stack.anonKey, clientOptions).storage.from('documents');
    expect((await anon.download(key)).error).toMatchObject({ statusCode: '404' });
  });

  it('refuses path traversal and absolute keys with InvalidKey before touching anything', async () => {
    const docs = alice.storage.from('documents');
    const encodedDots = await docs.upload(`${aliceId}/..%2F..%2Fescape.txt`, Buffer.from('x'), { contentType: 'text/plain' });
    expect(encodedDots.error).toMatchObject({ statusCode: '400', message: expect.stringContaining('Invalid key') });
    const session = (await alice.auth.getSession()).data.session!;
    const headers = { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}`, 'content-type': 'text/plain' };
    for (const suffix of [`${aliceId}/a/%2e%2e%2f%2e%2e%2fescape.txt`, '%2Fetc%2Fpasswd', `${aliceId}/a%5C..%5Cb.txt`, `${aliceId}/%00.txt`]) {
      const res = await fetch(`${stack.url}/storage/v1/object/documents/${suffix}`, { method: 'POST', headers, body: 'x' });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
    }
    expect(filesUnder(path.join(stack.dataDir, 'storage')).some((f) => f.includes('escape') || f.includes('passwd'))).toBe(false);
    const move = await docs.move(`${aliceId}/d1/notes.txt`, `${aliceId}/../../x.txt`);
    expect(move.error).toMatchObject({ statusCode: '400' });
  });

  it('enforces bucket size limits (413) and allowed MIME types (415); bucket management is service_role only', async () => {
    const admin = createClient(stack.url, stack.serviceRoleKey, clientOptions).storage;
    const made = await admin.createBucket('tiny', { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['text/*'] });
    expect(made.error).toBeNull();
    expect((await admin.getBucket('tiny')).data).toMatchObject({ id: 'tiny', file_size_limit: 1024, allowed_mime_types: ['text/*'] });
    const big = await admin.from('tiny').upload('big.txt', Buffer.alloc(2048, 97), { contentType: 'text/plain' });
    expect(big.error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const bigMultipart = await admin.from('tiny').upload('big2.txt', new Blob([Buffer.alloc(2048, 97)], { type: 'text/plain' }));
    expect(bigMultipart.error).toMatchObject({ statusCode: '413' });
    const png = await admin.from('tiny').upload('x.png', Buffer.from('png'), { contentType: 'image/png' });
    expect(png.error).toMatchObject({ statusCode: '415' });
    expect((await admin.from('tiny').upload('ok.txt', Buffer.from('fine'), { contentType: 'text/plain' })).error).toBeNull();

    expect((await alice.storage.createBucket('mine')).error).toMatchObject({ statusCode: '403' });
    expect((await alice.storage.listBuckets()).data).toEqual([]);
    expect((await admin.listBuckets()).data!.map((b) => b.id)).toEqual(expect.arrayContaining(['documents', 'tiny']));
    expect((await admin.deleteBucket('tiny')).error).toMatchObject({ statusCode: '409' });
    expect((await admin.emptyBucket('tiny')).error).toBeNull();
    expect((await admin.deleteBucket('tiny')).error).toBeNull();
  });

  it('serves public buckets without a token and refuses a bad JWT with InvalidJWT', async () => {
    const admin = createClient(stack.url, stack.serviceRoleKey, clientOptions).storage;
    await admin.createBucket('open', { public: true });
    await admin.from('open').upload('hello.txt', Buffer.from('public hello'), { contentType: 'text/plain' });
    const url = admin.from('open').getPublicUrl('hello.txt').data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('public hello');
    const bad = await fetch(`${stack.url}/storage/v1/object/documents/${aliceId}/d1/notes.txt`, { headers: { apikey: stack.anonKey, authorization: 'Bearer not.a.jwt' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
  });

  it('keeps files across a restart', async () => {
    const key = `${aliceId}/restart/keep.txt`;
    await alice.storage.from('documents').upload(key, Buffer.from('still here'), { contentType: 'text/plain' });
    stack = await stack.restart();
    const again = createClient(stack.url, stack.anonKey, clientOptions);
    const session = (await alice.auth.getSession()).data.session!;
    await again.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(await (await again.storage.from('documents').download(key)).data!.text()).toBe('still here');
  });
});

describe('storage writes with a failing backend (pglite)', () => {
  it('rolls the row back when the bytes cannot be written, so no orphan row remains', async () => {
    const stack = await startTestStack({ database: 'pglite' });
    try {
      const local = createLocalBackend(path.join(stack.dataDir, 'storage'));
      const failing = { ...local, put: async () => Promise.reject(new Error('disk full')) };
      const ctx = { db: stack.db, jwt: createJwtService(stack.config.jwtSecret), config: stack.config, log: () => undefined };
      const app = createStorageApp(ctx, failing);
      const res = await app.request('/object/documents/some-user/x.txt', {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'text/plain' },
        body: 'bytes',
      });
      expect(res.status).toBe(500);
      const rows = await stack.db.admin((q) => q.query(`select 1 from storage.objects where name = 'some-user/x.txt'`));
      expect(rows.rows).toHaveLength(0);
    } finally {
      await stack.stop();
    }
  });
});
