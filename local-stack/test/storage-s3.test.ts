import { createClient } from '@supabase/supabase-js';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

// The S3 backend against a real S3 server on loopback (s3rver): same API, bytes in the bucket.
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

describe('storage on the S3 backend', () => {
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let s3Dir: string;
  let stack: TestStack;
  let s3: S3Client;

  const keysInS3 = async (prefix: string) =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: 'dossier-objects', Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-s3-'));
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'dossier-objects' }] });
    const { port } = await server.run();
    const endpoint = `http://127.0.0.1:${port}`;
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
    stack = await startTestStack({
      database: 'pglite',
      overrides: { storage: { kind: 's3', region: 'us-east-1', bucket: 'dossier-objects', endpoint, forcePathStyle: true, ...CREDENTIALS } },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    s3?.destroy();
    await server?.close();
    rmSync(s3Dir, { recursive: true, force: true });
  });

  it('round-trips upload, download, signed URL, copy, move and remove through S3', async () => {
    const sb = createClient(stack.url, stack.anonKey, clientOptions);
    const { data } = await sb.auth.signUp({ email: `s3-${Date.now().toString(36)}@example.com`, password: 'secret-one' });
    const uid = data.user!.id;
    const docs = sb.storage.from('documents');

    expect((await docs.upload(`${uid}/doc/a file.txt`, Buffer.from('in s3'), { contentType: 'text/plain' })).error).toBeNull();
    expect(await keysInS3(`documents/${uid}/doc/a file.txt/`)).toHaveLength(1);
    expect(await (await docs.download(`${uid}/doc/a file.txt`)).data!.text()).toBe('in s3');

    const signed = await docs.createSignedUrl(`${uid}/doc/a file.txt`, 60);
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('in s3');

    const part = await fetch(signed.data!.signedUrl, { headers: { range: 'bytes=3-4' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('s3');

    expect((await docs.copy(`${uid}/doc/a file.txt`, `${uid}/doc/copy.txt`)).error).toBeNull();
    expect((await docs.move(`${uid}/doc/copy.txt`, `${uid}/doc/moved.txt`)).error).toBeNull();
    expect(await (await docs.download(`${uid}/doc/moved.txt`)).data!.text()).toBe('in s3');
    expect(await keysInS3(`documents/${uid}/doc/copy.txt/`)).toEqual([]);

    expect((await docs.upload(`${uid}/doc/a file.txt`, Buffer.from('replaced'), { contentType: 'text/plain', upsert: true })).error).toBeNull();
    expect(await keysInS3(`documents/${uid}/doc/a file.txt/`)).toHaveLength(1);
    expect(await (await docs.download(`${uid}/doc/a file.txt`)).data!.text()).toBe('replaced');

    // A resumable upload (TUS, in two requests) waits on local disk and lands in S3 when complete.
    const token = (await sb.auth.getSession()).data.session!.access_token;
    const tus = { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
    const meta = `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(`${uid}/doc/resumable.txt`).toString('base64')}`;
    const created = await fetch(`${stack.url}/storage/v1/upload/resumable`, { method: 'POST', headers: { ...tus, 'upload-length': '9', 'upload-metadata': meta } });
    expect(created.status).toBe(201);
    const url = created.headers.get('location')!;
    for (const [offset, part] of [[0, 'resum'], [5, 'able']] as const) {
      const patched = await fetch(url, { method: 'PATCH', headers: { ...tus, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body: part });
      expect(patched.status).toBe(204);
    }
    expect(await keysInS3(`documents/${uid}/doc/resumable.txt/`)).toHaveLength(1);
    expect(await (await docs.download(`${uid}/doc/resumable.txt`)).data!.text()).toBe('resumable');
    expect((await docs.remove([`${uid}/doc/resumable.txt`])).error).toBeNull();

    const removed = await docs.remove([`${uid}/doc/a file.txt`, `${uid}/doc/moved.txt`]);
    expect(removed.data).toHaveLength(2);
    expect(await keysInS3(`documents/${uid}/`)).toEqual([]);
  });
});
