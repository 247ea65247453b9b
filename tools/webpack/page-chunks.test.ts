import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pageRoutesInSource, pageChunksByRoute } = require('./page-chunks.cjs') as {
  pageRoutesInSource(source: string, callee?: 'pageRoute' | 'lazyPageAt'): { routes: { path: string; request: string }[]; unread: number };
  pageChunksByRoute(compilation: webpack.Compilation, exposedFile: string, source: string): { pageChunks: Record<string, string[]>; problems: string[] };
};

const root = path.resolve(__dirname, '../..');

describe("an area's page routes, read from its exposed module", () => {
  it('reads the route and the import of each pageRoute call, with or without a chunk-name comment', () => {
    const source = [
      "pageRoute('/documents', () => import('./features/library/documents-page'), { requiresAuth: true }),",
      'pageRoute(\n  "/link/:hash",\n  () => import(/* webpackChunkName: "shared-link" */ "./pages/shared-link-page"),\n),',
    ].join('\n');
    expect(pageRoutesInSource(source)).toEqual({
      routes: [
        { path: '/documents', request: './features/library/documents-page' },
        { path: '/link/:hash', request: './pages/shared-link-page' },
      ],
      unread: 0,
    });
  });

  it('counts a pageRoute call in another shape as unread (the build warns)', () => {
    expect(pageRoutesInSource("const load = () => import('./x');\npageRoute('/x', load);").unread).toBe(1);
  });

  it("reads every pageRoute of every area's remote-entry.ts", () => {
    const areas = readdirSync(root).filter((name) => name.startsWith('mfe-'));
    expect(areas.length).toBeGreaterThanOrEqual(5);
    let routes = 0;
    for (const area of areas) {
      const read = pageRoutesInSource(readFileSync(path.join(root, area, 'src/remote-entry.ts'), 'utf8'));
      expect({ area, unread: read.unread }).toEqual({ area, unread: 0 });
      routes += read.routes.length;
    }
    expect(routes).toBeGreaterThanOrEqual(10);
  });

  it("reads every lazyPageAt of the shell's page table (index.html preloads the page at the address, ADR 0489)", () => {
    const read = pageRoutesInSource(readFileSync(path.join(root, 'shell/src/routing/route-table.ts'), 'utf8'), 'lazyPageAt');
    expect(read.unread).toBe(0);
    expect(read.routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/auth', '/dashboard']));
    // Only the callee asked for: the areas' pageRoute calls are not the shell's pages.
    expect(pageRoutesInSource("pageRoute('/x', () => import('./x'))", 'lazyPageAt')).toEqual({ routes: [], unread: 0 });
  });
});

describe('the files of each page, from a real webpack build', () => {
  // A tiny area: an exposed module with two page routes, one page sharing a module with the other.
  function buildFixture(): Promise<{ pageChunks: Record<string, string[]>; problems: string[]; emitted: string[] }> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'page-chunks-'));
    mkdirSync(path.join(dir, 'pages'));
    const entry = path.join(dir, 'remote-entry.js');
    const source = [
      'const pageRoute = (path, load) => ({ path, load });',
      "export const routes = [pageRoute('/one', () => import('./pages/one')), pageRoute('/two/:id', () => import('./pages/two'))];",
      "export const other = () => import('./pages/not-a-page');",
    ].join('\n');
    writeFileSync(entry, source);
    writeFileSync(path.join(dir, 'pages/one.js'), "import { big } from './big'; export default () => big + 'one';");
    writeFileSync(path.join(dir, 'pages/two.js'), "import { big } from './big'; export default () => big + 'two';");
    writeFileSync(path.join(dir, 'pages/big.js'), `export const big = ${JSON.stringify('x'.repeat(40_000))};`);
    writeFileSync(path.join(dir, 'pages/not-a-page.js'), 'export default 1;');
    let result: { pageChunks: Record<string, string[]>; problems: string[] } | undefined;
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry,
      output: { path: path.join(dir, 'dist'), filename: '[name].js', chunkFilename: '[id].[contenthash:6].js' },
      optimization: { splitChunks: { chunks: 'async', minSize: 1000 } },
      plugins: [
        {
          apply(compiler: webpack.Compiler) {
            compiler.hooks.afterEmit.tap('test', (compilation) => {
              result = pageChunksByRoute(compilation, entry, source);
            });
          },
        },
      ],
    });
    return new Promise((resolve, reject) => {
      compiler.run((error, stats) => {
        if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString('errors-only')));
        const emitted = readdirSync(path.join(dir, 'dist'));
        compiler.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve({ ...result!, emitted });
        });
      });
    });
  }

  it("lists each page's chunks (its own and the one it shares) by route, and nothing for an import that is not a page", async () => {
    const { pageChunks, problems, emitted } = await buildFixture();
    expect(problems).toEqual([]);
    expect(Object.keys(pageChunks).sort()).toEqual(['/one', '/two/:id']);
    // Each page: its own chunk and the split-out shared module, both real files of the build.
    for (const files of Object.values(pageChunks)) {
      expect(files.length).toBe(2);
      for (const file of files) expect(emitted).toContain(file);
    }
    const shared = pageChunks['/one'].filter((file) => pageChunks['/two/:id'].includes(file));
    expect(shared).toHaveLength(1);
    // The import that is no page is in the build, and in no page's list.
    const listed = new Set(Object.values(pageChunks).flat());
    expect(emitted.filter((file) => file.endsWith('.js') && file !== 'main.js' && !listed.has(file))).toHaveLength(1);
  }, 60_000);
});
