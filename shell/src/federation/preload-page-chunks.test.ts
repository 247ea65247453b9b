import preloadPageChunks, { pageChunkUrls, preloadFiles } from './preload-page-chunks';

const MANIFEST_URL = 'http://127.0.0.1:4201/mf-manifest.json';
const manifest = {
  metaData: {
    pageChunks: {
      '/documents': ['2474.aa.js', '2694.bb.js', '5435.cc.css'],
      '/link/:hash': ['2733.dd.js'],
    },
  },
};

const hints = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload]')].map((link) => `${link.getAttribute('as')} ${link.href}`);

afterEach(() => {
  document.head.replaceChildren();
  window.history.replaceState(null, '', '/');
});

describe('the files of the page an address names, from its area’s manifest', () => {
  it('resolves the route’s files against the manifest’s address, for a route with a parameter too', () => {
    expect(pageChunkUrls(manifest, MANIFEST_URL, '/documents')).toEqual([
      'http://127.0.0.1:4201/2474.aa.js',
      'http://127.0.0.1:4201/2694.bb.js',
      'http://127.0.0.1:4201/5435.cc.css',
    ]);
    expect(pageChunkUrls(manifest, 'https://cdn.example/documents/v7/mf-manifest.json', '/link/abc123')).toEqual(['https://cdn.example/documents/v7/2733.dd.js']);
  });

  it('names nothing for another page, an older manifest without the list, or a list that is not one', () => {
    expect(pageChunkUrls(manifest, MANIFEST_URL, '/manage-tags')).toEqual([]);
    expect(pageChunkUrls({ metaData: {} }, MANIFEST_URL, '/documents')).toEqual([]);
    expect(pageChunkUrls(undefined, MANIFEST_URL, '/documents')).toEqual([]);
    expect(pageChunkUrls({ metaData: { pageChunks: { '/documents': 'x.js' } } }, MANIFEST_URL, '/documents')).toEqual([]);
    expect(pageChunkUrls({ metaData: { pageChunks: { '/documents': ['x.js', 7, 'x.map', 'javascript:alert(1).js'] } } }, MANIFEST_URL, '/documents')).toEqual(['http://127.0.0.1:4201/x.js']);
  });
});

describe('the hints', () => {
  it('preloads scripts as scripts and stylesheets as styles, without a crossorigin attribute (what webpack then inserts)', () => {
    preloadFiles(['http://127.0.0.1:4201/a.js', 'http://127.0.0.1:4201/a.css'], document);
    expect(hints()).toEqual(['script http://127.0.0.1:4201/a.js', 'style http://127.0.0.1:4201/a.css']);
    expect(document.head.querySelector('link[crossorigin]')).toBeNull();
  });

  it('adds none for a file already hinted or loaded, nor twice', () => {
    const script = document.createElement('script');
    script.src = 'http://127.0.0.1:4201/loaded.js';
    document.head.appendChild(script);
    preloadFiles(['http://127.0.0.1:4201/loaded.js', 'http://127.0.0.1:4201/b.js', 'http://127.0.0.1:4201/b.js'], document);
    preloadFiles(['http://127.0.0.1:4201/b.js'], document);
    expect(hints()).toEqual(['script http://127.0.0.1:4201/b.js']);
  });
});

describe('the runtime plugin', () => {
  it('hints the page’s files when the manifest of the address’s area answers, and hands the snapshot on unchanged', async () => {
    window.history.replaceState(null, '', '/documents');
    const plugin = preloadPageChunks();
    const args = { manifestJson: manifest, manifestUrl: MANIFEST_URL, from: 'manifest' } as unknown as Parameters<NonNullable<typeof plugin.loadRemoteSnapshot>>[0];
    expect(await plugin.loadRemoteSnapshot!(args)).toBe(args);
    expect(hints()).toEqual(['script http://127.0.0.1:4201/2474.aa.js', 'script http://127.0.0.1:4201/2694.bb.js', 'style http://127.0.0.1:4201/5435.cc.css']);
  });

  it('hints nothing for a snapshot without a manifest (an area already known) or an area this page is not', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const plugin = preloadPageChunks();
    await plugin.loadRemoteSnapshot!({ manifestJson: manifest, manifestUrl: MANIFEST_URL } as unknown as Parameters<NonNullable<typeof plugin.loadRemoteSnapshot>>[0]);
    window.history.replaceState(null, '', '/documents');
    await plugin.loadRemoteSnapshot!({ from: 'global' } as unknown as Parameters<NonNullable<typeof plugin.loadRemoteSnapshot>>[0]);
    expect(hints()).toEqual([]);
  });
});
