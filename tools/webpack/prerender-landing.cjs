// The light landing of `/` prerendered into index.html (ADR 0220), and /auth's sign-in card (ADR 0499), so its first paint does not
// wait for JavaScript: #root carries the landing's markup (react-dom/server, the same component
// tree the light landing hydrates), <head> its stylesheet inlined and a tiny inline script that
// shows #root only on a visitor's `/` (path `/`, no stored session — landing-visit.ts). Every
// other address and a signed-in person keep #root hidden until main.ts empties it: index.html
// is the SPA fallback and the service worker's navigation answer, so it must never flash.
// The static host allows the inline script by its sha256 (static-host.ts reads index.html).
const path = require('node:path');
const { createRequire } = require('node:module');
const esbuild = require('esbuild');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const fs = require('node:fs');
const { everyPageFiles, firstPaintFiles, landingOnlyFiles, preloadAs, publicHref } = require('./preload-first-paint.cjs');
const { hostPageChunksByRoute } = require('./page-chunks.cjs');

const NAME = 'PrerenderLanding';
const ROOT_DIV = '<div id="root"></div>';

/** Bundles a shell source file with esbuild for Node or the browser (CSS imports left out). */
function bundle(entry, { platform, tsconfig }) {
  const result = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform,
    format: platform === 'node' ? 'cjs' : 'iife',
    target: platform === 'node' ? 'node20' : 'es2019',
    minify: platform !== 'node',
    jsx: 'automatic',
    tsconfig,
    loader: { '.css': 'empty' },
    // React comes from node_modules at render time, as react-dom/server expects.
    external: platform === 'node' ? ['react', 'react/*', 'react-dom', 'react-dom/*'] : [],
    logLevel: 'silent',
  });
  return result.outputFiles[0].text.trim();
}

/** A value for an HTML attribute in double quotes (html-webpack-plugin writes values as given). */
const htmlAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Evaluates a CommonJS bundle (its `require` resolves from the repository's root). */
function evaluate(code, requireFrom) {
  const module = { exports: {} };
  new Function('require', 'module', 'exports', code)(createRequire(requireFrom), module, module.exports);
  return module.exports;
}

class PrerenderLanding {
  /**
   * @param {{ projectRoot: string, chunkGroups: string[], pageTable: string }} options the shell's
   *   folder; the chunk groups whose stylesheets (with the design tokens') the landing needs at its
   *   first paint; the module declaring the shell's pages with `lazyPageAt` (relative to the folder)
   */
  constructor({ projectRoot, chunkGroups, pageTable }) {
    this.projectRoot = projectRoot;
    this.chunkGroups = chunkGroups;
    this.pageTable = path.join(projectRoot, pageTable);
    this.entry = path.join(projectRoot, 'src/main.ts');
  }

  /**
   * What index.html hints on an app page (ADR 0489, ADR 0493), as it finds the files: the shell's
   * boot (main.ts's import of the app, which every page but the visitor's landing waits for), and
   * the files of each of the shell's own pages but the landing, by path. What every page preloads
   * anyway is left out.
   */
  appPageFiles(compilation) {
    const source = fs.readFileSync(this.pageTable, 'utf8');
    const { pageChunks, bootChunks, problems } = hostPageChunksByRoute(compilation, this.pageTable, source, { entry: this.entry, bootstrapRequest: './bootstrap' });
    for (const problem of problems) compilation.warnings.push(new Error(`${NAME}: ${problem}`));
    const everyPage = everyPageFiles(compilation);
    const hinted = (files) => files.filter((file) => preloadAs(file) && !everyPage.has(file)).map((file) => publicHref(compilation, file));
    const byPath = {};
    for (const [route, files] of Object.entries(pageChunks)) {
      if (route === '/') continue;
      byPath[route] = hinted(files);
    }
    const authStylesheets = (pageChunks['/auth'] ?? []).filter((file) => file.endsWith('.css') && !everyPage.has(file));
    return { boot: hinted(bootChunks), byPath, authStylesheets };
  }

  render() {
    const tsconfig = path.join(this.projectRoot, 'tsconfig.json');
    const src = path.join(this.projectRoot, 'src/prerender');
    const markupModule = evaluate(bundle(path.join(src, 'landing-markup.tsx'), { platform: 'node', tsconfig }), path.join(this.projectRoot, 'package.json'));
    const script = bundle(path.join(src, 'first-paint-script.ts'), { platform: 'browser', tsconfig });
    return {
      markup: markupModule.landingMarkup(),
      authCardMarkup: markupModule.authCardMarkup(),
      authCardId: markupModule.AUTH_FIRST_PAINT_ID,
      authCardClass: markupModule.AUTH_FIRST_PAINT_CLASS,
      styleId: markupModule.FIRST_PAINT_STYLE_ID,
      landingClass: markupModule.LANDING_CLASS,
      preloadAttribute: markupModule.LANDING_PRELOAD_ATTRIBUTE,
      pagePreloadAttribute: markupModule.PAGE_PRELOAD_ATTRIBUTE,
      bootPreloadAttribute: markupModule.BOOT_PRELOAD_ATTRIBUTE,
      script,
    };
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      let rendered;
      const hooks = HtmlWebpackPlugin.getHooks(compilation);
      // After the other plugins' tags (PreloadFirstPaint's hints): see the order below.
      hooks.alterAssetTagGroups.tap({ name: NAME, stage: 10 }, (data) => {
        rendered = this.render();
        const appPages = this.appPageFiles(compilation);
        const stylesheet = (file) => String(compilation.getAsset(file).source.source()).replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, '').trim();
        const css = [...firstPaintFiles(compilation, this.chunkGroups)].filter((file) => file.endsWith('.css')).map(stylesheet);
        if (css.length === 0) throw new Error(`${NAME}: no stylesheet found for the landing`);
        // The sign-in card's own rules (a visitor's /auth shows it from the first paint, ADR 0499).
        if (appPages.authStylesheets.length === 0) throw new Error(`${NAME}: no stylesheet found for the /auth page`);
        css.push(...appPages.authStylesheets.map(stylesheet));
        // Shown only when the inline script marked a visitor's `/` (or `/auth`): [hidden] hides them otherwise.
        const reveal = `html.${rendered.landingClass} #root[hidden],html.${rendered.authCardClass} #${rendered.authCardId}[hidden]{display:block}`;
        const style = { tagName: 'style', voidTag: false, attributes: { id: rendered.styleId }, innerHTML: `${css.join('\n')}\n${reveal}`, meta: { plugin: NAME } };
        // After the style (it removes it on other addresses). It hints the landing's own files only
        // when the landing shows, and elsewhere the shell's boot and the files of the shell page
        // there is (the attributes are outside the CSP hash).
        const preloads = [...landingOnlyFiles(compilation, this.chunkGroups)].sort().filter(preloadAs).map((file) => publicHref(compilation, file));
        const attributes = {
          [rendered.preloadAttribute]: preloads.join(' '),
          [rendered.bootPreloadAttribute]: appPages.boot.join(' '),
          [rendered.pagePreloadAttribute]: htmlAttribute(JSON.stringify(appPages.byPath)),
        };
        const script = { tagName: 'script', voidTag: false, attributes, innerHTML: rendered.script, meta: { plugin: NAME } };
        // The entry script and the static hints come first and main.js is asked for at high
        // priority: a deferred script is otherwise a low-priority request, and on HTTP/1.1 (six
        // connections a host) the boot's hints, high-priority, went first and main.js, which all of
        // them wait for to run, arrived last (ADR 0493). Both tags only need to precede <body>.
        for (const tag of data.headTags) if (tag.tagName === 'script' && tag.attributes.src) tag.attributes.fetchpriority = 'high';
        data.headTags.push(style, script);
        return data;
      });
      hooks.beforeEmit.tap(NAME, (data) => {
        if (!rendered) throw new Error(`${NAME}: the landing was not rendered`);
        if (!data.html.includes(ROOT_DIV)) throw new Error(`${NAME}: index.html has no ${ROOT_DIV}`);
        // The sign-in card after #root, outside what React renders into (ADR 0499).
        data.html = data.html.replace(ROOT_DIV, () => `<div id="root" hidden>${rendered.markup}</div><div id="${rendered.authCardId}" hidden>${rendered.authCardMarkup}</div>`);
        return data;
      });
    });
  }
}

module.exports = { PrerenderLanding };
