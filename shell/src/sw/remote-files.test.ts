/** @jest-environment node */
import { cacheMissing, remoteEntryUrl, remoteFileUrls, type FederationManifest } from './remote-files';

const manifest: FederationManifest = {
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
  exposes: [{ assets: { js: { sync: ['expose.1234abcd.js'], async: ['upload-checks.5678abcd.js', 'dialog.9abc1234.js'] }, css: { sync: ['expose.aaaa1111.css'], async: [] } } }],
  shared: [{ assets: { js: { sync: ['react.bbbb2222.js'], async: [] } } }],
};

describe('remote files from the federation manifest', () => {
  it('names the entry and the files the area needs at once', () => {
    expect(remoteEntryUrl('http://127.0.0.1:4201/mf-manifest.json', manifest)).toBe('http://127.0.0.1:4201/remoteEntry.js');
    expect(remoteFileUrls('http://127.0.0.1:4201/mf-manifest.json', manifest)).toEqual(['http://127.0.0.1:4201/expose.1234abcd.js', 'http://127.0.0.1:4201/expose.aaaa1111.css']);
  });

  it('adds what loads on demand and the shared copies once the person has used the area', () => {
    expect(remoteFileUrls('http://127.0.0.1:4201/docs/mf-manifest.json', manifest, { later: true })).toEqual([
      'http://127.0.0.1:4201/docs/expose.1234abcd.js',
      'http://127.0.0.1:4201/docs/expose.aaaa1111.css',
      'http://127.0.0.1:4201/docs/upload-checks.5678abcd.js',
      'http://127.0.0.1:4201/docs/dialog.9abc1234.js',
      'http://127.0.0.1:4201/docs/react.bbbb2222.js',
    ]);
  });

  it('follows an explicit publicPath', () => {
    expect(remoteFileUrls('http://127.0.0.1:4201/mf-manifest.json', { ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://cdn.example/docs/' } })[0]).toBe('https://cdn.example/docs/expose.1234abcd.js');
  });
});

describe('cacheMissing', () => {
  function memoryCache() {
    const store = new Map<string, Response>();
    const cache = {
      match: async (url: string) => store.get(url),
      put: async (url: string, response: Response) => void store.set(url, response),
    } as unknown as Cache;
    return { cache, store };
  }

  it('fetches only what the cache lacks and skips failures', async () => {
    const { cache, store } = memoryCache();
    store.set('http://r/a.js', new Response('a'));
    const fetcher = jest.fn(async (url: string) => {
      if (url.endsWith('c.js')) throw new TypeError('Failed to fetch');
      if (url.endsWith('d.js')) return new Response('gone', { status: 404 });
      return new Response('b');
    }) as unknown as typeof fetch;
    expect(await cacheMissing(cache, ['http://r/a.js', 'http://r/b.js', 'http://r/c.js', 'http://r/d.js'], fetcher)).toBe(1);
    expect([...store.keys()]).toEqual(['http://r/a.js', 'http://r/b.js']);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });
});
