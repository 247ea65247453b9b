import * as realStorage from '@supabase/storage-js';
import { BUCKET_CALLS, FILE_CALLS, StorageApiError, createLazyStorageClient } from './lazy-storage';

/** A stand-in for storage-js's StorageClient that records what the lazy client does with it. */
function fakeStorage() {
  const log: string[] = [];
  class FakeFileApi {
    constructor(readonly bucket: string) {}
    throwOnError() {
      log.push(`throwOnError ${this.bucket}`);
      return this;
    }
    setHeader(name: string, value: string) {
      log.push(`setHeader ${this.bucket} ${name}=${value}`);
      return this;
    }
    async download(path: string) {
      log.push(`download ${this.bucket}/${path}`);
      return { data: `bytes of ${path}`, error: null };
    }
    async createSignedUrl(path: string, seconds: number) {
      log.push(`sign ${this.bucket}/${path} ${seconds}`);
      return { data: { signedUrl: `https://storage.example/${path}?token=t` }, error: null };
    }
    getPublicUrl(path: string) {
      return { data: { publicUrl: `https://storage.example/public/${path}` } };
    }
  }
  class FakeClient {
    constructor(url: string, headers: Record<string, string>) {
      log.push(`new client ${url} ${JSON.stringify(headers)}`);
    }
    from(bucket: string) {
      return new FakeFileApi(bucket);
    }
    throwOnError() {
      log.push('throwOnError client');
      return this;
    }
    setHeader() {
      return this;
    }
    async listBuckets() {
      log.push('listBuckets');
      return { data: [{ id: 'documents' }], error: null };
    }
  }
  let loads = 0;
  let failNext = false;
  const load = async () => {
    loads++;
    if (failNext) {
      failNext = false;
      throw new Error('Loading chunk storage failed.');
    }
    return { StorageClient: FakeClient } as never;
  };
  return { log, load, loads: () => loads, failNextLoad: () => (failNext = true) };
}

describe('the Storage client fetched with its first call (lazy-storage.ts, ADR 0488)', () => {
  it('fetches nothing to be built or to name a bucket', () => {
    const fake = fakeStorage();
    const LazyClient = createLazyStorageClient(fake.load);
    const client = new LazyClient('http://stack/storage/v1', { apikey: 'anon' });
    client.from('documents');
    expect(fake.loads()).toBe(0);
    expect(fake.log).toEqual([]);
  });

  it('builds the real client once, with the constructor\'s arguments, and answers as the real bucket does', async () => {
    const fake = fakeStorage();
    const LazyClient = createLazyStorageClient(fake.load);
    const client = new LazyClient('http://stack/storage/v1', { apikey: 'anon' });
    const bucket = client.from('documents') as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const [downloaded, signed] = await Promise.all([bucket.download!('a/b.pdf'), bucket.createSignedUrl!('a/b.pdf', 60)]);
    expect(downloaded).toEqual({ data: 'bytes of a/b.pdf', error: null });
    expect(signed).toEqual({ data: { signedUrl: 'https://storage.example/a/b.pdf?token=t' }, error: null });
    expect(await (client as unknown as Record<string, () => Promise<unknown>>).listBuckets!()).toEqual({ data: [{ id: 'documents' }], error: null });
    expect(fake.loads()).toBe(1);
    expect(fake.log.filter((line) => line.startsWith('new client'))).toEqual(['new client http://stack/storage/v1 {"apikey":"anon"}']);
  });

  it('makes throwOnError and setHeader on the real client and bucket', async () => {
    const fake = fakeStorage();
    const LazyClient = createLazyStorageClient(fake.load);
    const client = new LazyClient('http://stack/storage/v1', {}).throwOnError();
    const bucket = client.from('documents').setHeader('x-upsert', 'true') as unknown as { download(path: string): Promise<unknown> };
    await bucket.download('x');
    expect(fake.log).toEqual(['new client http://stack/storage/v1 {}', 'throwOnError client', 'setHeader documents x-upsert=true', 'download documents/x']);
  });

  it('answers getPublicUrl (synchronous) once storage-js is here, and says why not before', async () => {
    const fake = fakeStorage();
    const LazyClient = createLazyStorageClient(fake.load);
    const client = new LazyClient('http://stack/storage/v1', {});
    expect(() => client.from('avatars').getPublicUrl('me.png')).toThrow(/once storage-js is loaded/);
    await (client.from('avatars') as unknown as { download(path: string): Promise<unknown> }).download('me.png');
    expect(client.from('avatars').getPublicUrl('me.png')).toEqual({ data: { publicUrl: 'https://storage.example/public/me.png' } });
  });

  it('tries the fetch again on the next call after a failed one (offline before the service worker had it)', async () => {
    const fake = fakeStorage();
    const LazyClient = createLazyStorageClient(fake.load);
    const bucket = new LazyClient('http://stack/storage/v1', {}).from('documents') as unknown as { download(path: string): Promise<unknown> };
    fake.failNextLoad();
    await expect(bucket.download('x')).rejects.toThrow('Loading chunk storage failed.');
    await expect(bucket.download('x')).resolves.toEqual({ data: 'bytes of x', error: null });
    expect(fake.loads()).toBe(2);
  });

  it('passes on every call of storage-js\'s own file and bucket APIs', () => {
    const asyncCalls = (object: object, skip: string[]) => {
      const names = new Set<string>();
      for (let proto = Object.getPrototypeOf(object); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const name of Object.getOwnPropertyNames(proto)) {
          const value = Object.getOwnPropertyDescriptor(proto, name)?.value;
          if (typeof value === 'function' && value.constructor.name === 'AsyncFunction' && !skip.includes(name)) names.add(name);
        }
      }
      return names;
    };
    const real = new realStorage.StorageClient('http://stack/storage/v1', {});
    // Internal helpers every call goes through, not calls of their own.
    const internal = ['uploadOrUpdate', 'handleOperation'];
    // `download` returns a thenable builder rather than being an async function.
    expect(new Set(FILE_CALLS)).toEqual(new Set([...asyncCalls(real.from('documents'), internal), 'download']));
    expect(new Set(BUCKET_CALLS)).toEqual(asyncCalls(real, internal));
  });

  it('recognises storage-js\'s own StorageApiError with instanceof, and nothing else', () => {
    expect(new realStorage.StorageApiError('Object not found', 404, 'not_found')).toBeInstanceOf(StorageApiError);
    expect(new Error('Object not found')).not.toBeInstanceOf(StorageApiError);
    expect(new realStorage.StorageUnknownError('network', new Error('x'))).not.toBeInstanceOf(StorageApiError);
  });
});
