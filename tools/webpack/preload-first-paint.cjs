// Preload hints in index.html for what the first paint needs beyond main.js (ADR 0185): the
// chunks of React, react-dom and the design tokens' stylesheet
// (shared modules, so async chunks the federation runtime asks for only after main.js has run). Without the
// hints each is one more round trip after main.js — 562 ms apiece on the phone profile's Fast 3G.
// Every page needs React and the tokens; the landing's own files only a visitor's `/`: those are
// not static hints but a list the first-paint inline script turns into hints when the landing
// will show (prerender-landing.cjs, issue 24: two requests fewer on every other page).
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadFirstPaint';
const FIRST_PAINT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]shared[\\/]src[\\/]ui[\\/](tokens[\\/]|design-system[\\/]design-system\.css$)/;

/**
 * The files of the named chunk groups, then those of the async chunks holding React, react-dom or
 * the design tokens' stylesheet (the prerendered landing inlines the CSS among them, ADR 0220).
 * @returns {Set<string>}
 */
function firstPaintFiles(compilation, chunkGroups) {
  return new Set([...landingOnlyFiles(compilation, chunkGroups), ...everyPageFiles(compilation)]);
}

/** The async chunks' files every page's first paint needs: React, react-dom, the design tokens. */
function everyPageFiles(compilation) {
  const files = new Set();
  for (const chunk of compilation.chunks) {
    if (chunk.canBeInitial()) continue;
    const modules = compilation.chunkGraph.getChunkModules(chunk);
    if (modules.some((module) => FIRST_PAINT_MODULES.test(module.nameForCondition?.() ?? ''))) {
      for (const file of chunk.files) files.add(file);
    }
  }
  return files;
}

/** The files of the named chunk groups that not every page needs (only the landing shows them). */
function landingOnlyFiles(compilation, chunkGroups) {
  const shared = everyPageFiles(compilation);
  const files = new Set();
  for (const name of chunkGroups) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`${NAME}: no chunk group named '${name}' (webpackChunkName)`);
    for (const chunk of group.chunks) for (const file of chunk.files) if (!shared.has(file)) files.add(file);
  }
  return files;
}

/** Where index.html finds a built file. */
function publicHref(compilation, file) {
  const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath ?? '');
  return `${publicPath}${file}`;
}

/** `as` of a preload hint for a built file; undefined for files not worth a hint (maps, …). */
function preloadAs(file) {
  return file.endsWith('.css') ? 'style' : file.endsWith('.js') ? 'script' : undefined;
}

/**
 * The runtime config, asked for as the page's HTML is parsed rather than when main.js runs
 * (issue 24): main.js only runs once it and React's chunk have arrived (~1.7 s cold on the phone
 * profile), and every app page waits on the config for its area's manifest and its first data —
 * a round trip (562 ms) that now overlaps main.js. `as=fetch` with `crossorigin` is what makes it
 * the very request `requestAppConfig` sends (a CORS-mode fetch with same-origin credentials), so
 * the preload is consumed, never fetched twice (load-budget.spec.ts). The visitor's `/` asks for the
 * config too (main.ts), so it costs that page nothing.
 */
const runtimeConfigHint = (compilation) => ({ rel: 'preload', as: 'fetch', href: publicHref(compilation, 'app-config.json'), crossorigin: 'anonymous' });

class PreloadFirstPaint {
  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        data.headTags.push({ tagName: 'link', voidTag: true, attributes: runtimeConfigHint(compilation), meta: { plugin: NAME } });
        for (const file of [...everyPageFiles(compilation)].sort()) {
          const as = preloadAs(file);
          if (!as) continue;
          data.headTags.push({ tagName: 'link', voidTag: true, attributes: { rel: 'preload', as, href: publicHref(compilation, file) }, meta: { plugin: NAME } });
        }
        return data;
      });
    });
  }
}

module.exports = { PreloadFirstPaint, everyPageFiles, firstPaintFiles, landingOnlyFiles, publicHref, preloadAs };
