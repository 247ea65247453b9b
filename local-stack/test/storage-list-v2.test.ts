import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions, serviceClient } from './support/users';

// Storage's list-v2 (storage-js listV2): keys under a raw prefix, flat or one folder level deep
// (with_delimiter), sorted, and paged by an opaque cursor; names are full keys.

const names = (objects: { name: string }[] | undefined) => (objects ?? []).map((o) => o.name);

describe.each(databasesSync())('storage list-v2 on %s', (database) => {
  let stack: TestStack;
  let admin: SupabaseClient;
  const bucket = 'listing';

  beforeAll(async () => {
    stack = await startTestStack({ database });
    admin = serviceClient(stack);
    const made = await admin.storage.createBucket(bucket, { public: false });
    expect(made.error).toBeNull();
    // Uploaded one after another, so created_at follows this order.
    for (const key of ['docs/zz.pdf', 'docs/bb.pdf', 'docs/xx.pdf', 'docs/aa.pdf', 'docs/deeper/one.pdf', 'top.txt', 'docs-old/a.txt']) {
      const up = await admin.storage.from(bucket).upload(key, new Blob([key], { type: 'text/plain' }));
      expect(up.error).toBeNull();
    }
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('lists every key under a raw prefix, flat, by name', async () => {
    const { data, error } = await admin.storage.from(bucket).listV2({ prefix: 'docs' });
    expect(error).toBeNull();
    expect(data!.hasNext).toBe(false);
    expect(data!.folders).toEqual([]);
    expect(names(data!.objects)).toEqual(['docs-old/a.txt', 'docs/aa.pdf', 'docs/bb.pdf', 'docs/deeper/one.pdf', 'docs/xx.pdf', 'docs/zz.pdf']);
    expect(data!.objects[0]).toEqual(expect.objectContaining({ key: 'docs-old/a.txt', id: expect.any(String), metadata: expect.objectContaining({ size: 14 }) }));
  });

  it('with_delimiter groups one level into folders (name with a trailing slash, key without)', async () => {
    const root = await admin.storage.from(bucket).listV2({ with_delimiter: true });
    expect(root.error).toBeNull();
    expect(root.data!.folders).toEqual([{ name: 'docs-old/', key: 'docs-old' }, { name: 'docs/', key: 'docs' }]);
    expect(names(root.data!.objects)).toEqual(['top.txt']);

    const inside = await admin.storage.from(bucket).listV2({ prefix: 'docs/', with_delimiter: true });
    expect(inside.data!.folders).toEqual([{ name: 'docs/deeper/', key: 'docs/deeper' }]);
    expect(names(inside.data!.objects)).toEqual(['docs/aa.pdf', 'docs/bb.pdf', 'docs/xx.pdf', 'docs/zz.pdf']);
  });

  it('pages with the cursor in every sort order, each entry once', async () => {
    const orders = [
      { sortBy: undefined, expected: ['aa', 'bb', 'xx', 'zz'] },
      { sortBy: { column: 'name', order: 'desc' }, expected: ['zz', 'xx', 'bb', 'aa'] },
      { sortBy: { column: 'created_at', order: 'asc' }, expected: ['zz', 'bb', 'xx', 'aa'] },
      { sortBy: { column: 'updated_at', order: 'desc' }, expected: ['aa', 'xx', 'bb', 'zz'] },
    ] as const;
    for (const { sortBy, expected } of orders) {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      for (;;) {
        const { data, error } = await admin.storage.from(bucket).listV2({ prefix: 'docs/', limit: 3, ...(sortBy ? { sortBy } : {}), ...(cursor ? { cursor } : {}) });
        expect(error).toBeNull();
        pages++;
        seen.push(...names(data!.objects).map((n) => n.slice('docs/'.length, -'.pdf'.length)));
        if (!data!.hasNext) {
          expect(data!.nextCursor).toBeUndefined();
          break;
        }
        cursor = data!.nextCursor;
        expect(typeof cursor).toBe('string');
      }
      // docs/deeper/one.pdf is flat-listed too; it is left out of the comparison by its name.
      expect(seen.filter((s) => !s.startsWith('deeper'))).toEqual(expected);
      expect(pages).toBe(2);
    }
  });

  it('lists only what the caller may read (RLS), and refuses bad input in Storage’s error shape', async () => {
    const anon = createClient(stack.url, stack.anonKey, clientOptions);
    const hidden = await anon.storage.from(bucket).listV2({});
    expect(hidden.error).toBeNull();
    expect(hidden.data).toEqual({ hasNext: false, folders: [], objects: [] });

    for (const body of [{ limit: 0 }, { limit: 1001 }, { cursor: 'not-a-cursor' }, { sortBy: { column: 'size' } }]) {
      const res = await fetch(`${stack.url}/storage/v1/object/list-v2/${bucket}`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(expect.objectContaining({ statusCode: '400', error: 'Invalid Input', message: expect.any(String) }));
    }
    const missing = await admin.storage.from('no-such-bucket').listV2({});
    expect(missing.error).toEqual(expect.objectContaining({ message: 'Bucket not found' }));
  });

  it('answers a request with neither Authorization nor apikey as Storage does: 400 InvalidJWT, Invalid Compact JWS', async () => {
    const res = await fetch(`${stack.url}/storage/v1/bucket`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ statusCode: '400', error: 'InvalidJWT', message: 'Invalid Compact JWS', code: 'InvalidJWT' });
  });
});
