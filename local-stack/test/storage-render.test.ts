import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

// Supabase Storage's image transformation endpoint (render/image), served by the local stack with
// sharp: the real supabase-js calls (download/createSignedUrl with `transform`) and raw HTTP.

let counter = 0;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
}

describe.each(databasesSync())('storage render/image on %s', (database) => {
  let stack: TestStack;
  let alice: SupabaseClient;
  let bob: SupabaseClient;
  let aliceId: string;
  let aliceToken: string;
  let bobToken: string;

  async function signedUp(): Promise<{ client: SupabaseClient; id: string; token: string }> {
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const { data, error } = await client.auth.signUp({ email: `render-${Date.now().toString(36)}-${++counter}@example.com`, password: 'secret-one' });
    if (error) throw error;
    return { client, id: data.user!.id, token: data.session!.access_token };
  }

  function renderUrl(key: string, query: string): string {
    return `${stack.url}/storage/v1/render/image/authenticated/documents/${key}?${query}`;
  }

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { authRateLimits: { signInSignUps: 10_000 } } });
    ({ client: alice, id: aliceId, token: aliceToken } = await signedUp());
    ({ client: bob, token: bobToken } = await signedUp());
    const docs = alice.storage.from('documents');
    expect((await docs.upload(`${aliceId}/d1/photo.png`, await png(800, 400), { contentType: 'image/png' })).error).toBeNull();
    expect((await docs.upload(`${aliceId}/d2/broken.png`, Buffer.from('not really a png'), { contentType: 'image/png' })).error).toBeNull();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('resizes through supabase-js download({transform}): cover crops to the box, WebP when accepted', async () => {
    const { data, error } = await alice.storage.from('documents').download(`${aliceId}/d1/photo.png`, { transform: { width: 200, height: 200 } });
    expect(error).toBeNull();
    const meta = await sharp(Buffer.from(await data!.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]);

    const res = await fetch(renderUrl(`${aliceId}/d1/photo.png`, 'width=100&height=100&resize=contain'), {
      headers: { authorization: `Bearer ${aliceToken}`, apikey: stack.anonKey, accept: 'image/webp,image/*' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const contained = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    // contain keeps the 2:1 aspect inside the 100×100 box.
    expect([contained.format, contained.width, contained.height]).toEqual(['webp', 100, 50]);
  });

  it('keeps the source format with format=origin and never enlarges', async () => {
    const res = await fetch(renderUrl(`${aliceId}/d1/photo.png`, 'width=2000&format=origin'), {
      headers: { authorization: `Bearer ${aliceToken}`, apikey: stack.anonKey, accept: 'image/webp' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 400]);
  });

  it("refuses another user's object (RLS decides), as a missing object", async () => {
    const res = await fetch(renderUrl(`${aliceId}/d1/photo.png`, 'width=100'), {
      headers: { authorization: `Bearer ${bobToken}`, apikey: stack.anonKey },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: '404', message: 'Object not found' });
    const viaClient = await bob.storage.from('documents').download(`${aliceId}/d1/photo.png`, { transform: { width: 100 } });
    expect(viaClient.data).toBeNull();
    // Signing is reading: Bob cannot sign Alice's object either.
    const signed = await bob.storage.from('documents').createSignedUrl(`${aliceId}/d1/photo.png`, 60, { transform: { width: 100 } });
    expect(signed.error).not.toBeNull();
    // Without a token at all: refused before any work.
    expect((await fetch(renderUrl(`${aliceId}/d1/photo.png`, 'width=100'))).status).toBe(400);
  });

  it('answers a broken image and out-of-range options with clear errors', async () => {
    const broken = await fetch(renderUrl(`${aliceId}/d2/broken.png`, 'width=100'), {
      headers: { authorization: `Bearer ${aliceToken}`, apikey: stack.anonKey },
    });
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ statusCode: '422', code: 'InvalidImage', message: expect.stringMatching(/^The object is not an image that can be transformed/) });

    for (const [query, message] of [
      ['width=0', 'width must be a whole number from 1 to 2500'],
      ['height=2501', 'height must be a whole number from 1 to 2500'],
      ['width=10&quality=5', 'quality must be a whole number from 20 to 100'],
      ['width=10&resize=stretch', 'resize must be one of cover, contain, fill'],
    ]) {
      const res = await fetch(renderUrl(`${aliceId}/d1/photo.png`, query), { headers: { authorization: `Bearer ${aliceToken}`, apikey: stack.anonKey } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: '400', message });
    }
  });

  it('signs a transformed URL: the options live in the token and it does not open the original', async () => {
    const { data, error } = await alice.storage.from('documents').createSignedUrl(`${aliceId}/d1/photo.png`, 60, { transform: { width: 120, height: 80, resize: 'fill' } });
    expect(error).toBeNull();
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/documents/');
    // Anyone holding the URL gets the transformed image; extra query options do not change it.
    const res = await fetch(`${data!.signedUrl}&width=600`);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([120, 80]);
    // Storage names the applied transformation in imgproxy's terms (fill = imgproxy's force).
    expect(res.headers.get('x-transformations')).toBe('height:80,width:120,resizing_type:force');
    const q = await alice.storage.from('documents').createSignedUrl(`${aliceId}/d1/photo.png`, 60, { transform: { width: 50, height: 50, quality: 60 } });
    const withQuality = await fetch(q.data!.signedUrl);
    expect(withQuality.status).toBe(200);
    expect(withQuality.headers.get('x-transformations')).toBe('height:50,width:50,resizing_type:fill,quality:60');
    // The same token on the plain object route is refused.
    const original = await fetch(data!.signedUrl.replace('/render/image/sign/', '/object/sign/'));
    expect(original.status).toBe(400);
    expect(await original.json()).toMatchObject({ error: 'InvalidSignature' });
  });

  it("keeps a PDF's stored first-page thumbnail while its document exists, and sweeps it once the document is gone", async () => {
    const docId = crypto.randomUUID();
    const file = `${aliceId}/${docId}/scan.pdf`;
    const thumb = `${aliceId}/${docId}/.thumbs/first-page.png`;
    const docs = alice.storage.from('documents');
    expect((await docs.upload(file, Buffer.from('%PDF-1.4'), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await docs.upload(thumb, await png(60, 80), { contentType: 'image/png' })).error).toBeNull();
    const ins = await alice.from('documents').insert({ id: docId, name: 'scan.pdf', storage_path: file, mime_type: 'application/pdf', size: 8 });
    expect(ins.error).toBeNull();
    // The grid asks for the thumbnail through the same render endpoint.
    const res = await fetch(renderUrl(thumb, 'width=40'), { headers: { authorization: `Bearer ${aliceToken}`, apikey: stack.anonKey } });
    expect(res.status).toBe(200);

    const queued = async () =>
      stack.db.admin(async (q) => (await q.query<{ name: string }>(`select name from jobs.object_deletions where name like $1`, [`${aliceId}/${docId}/%`])).rows.map((r) => r.name));
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await stack.db.admin((q) => q.query(`select jobs.sweep_orphans($1::timestamptz)`, [later]));
    expect(await queued()).toEqual([]);

    await stack.db.admin((q) => q.query(`delete from public.documents where id = $1`, [docId]));
    await stack.db.admin((q) => q.query(`select jobs.sweep_orphans($1::timestamptz)`, [later]));
    expect((await queued()).sort()).toEqual([thumb, file].sort());
  });
});
