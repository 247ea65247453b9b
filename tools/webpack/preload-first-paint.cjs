// Preload hints in index.html for what the first paint needs beyond main.js (ADR 0185): the
// light landing's chunk group, and the chunks of React, react-dom and the design tokens' stylesheet
// (shared modules, so async chunks the federation runtime asks for only after main.js has run). Without the
// hints each is one more round trip after main.js — 562 ms apiece on the phone profile's Fast 3G.
// Every page needs React; the landing chunk is ~5 KB gzip, so other pages lose next to nothing.
const HtmlWebpackPlugin = require('html-webpack-plugin');

const NAME = 'PreloadFirstPaint';
const FIRST_PAINT_MODULES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]shared[\\/]src[\\/]ui[\\/](tokens[\\/]|design-system[\\/]design-system\.css$)/;

/**
 * The files of the named chunk groups, then those of the async chunks holding React, react-dom or
 * the design tokens' stylesheet (the prerendered landing inlines the CSS among them, ADR 0220).
 * @returns {Set<string>}
 */
function firstPaintFiles(compilation, chunkGroups) {
  const files = new Set();
  for (const name of chunkGroups) {
    const group = compilation.namedChunkGroups.get(name);
    if (!group) throw new Error(`${NAME}: no chunk group named '${name}' (webpackChunkName)`);
    for (const chunk of group.chunks) for (const file of chunk.files) files.add(file);
  }
  for (const chunk of compilation.chunks) {
    if (chunk.canBeInitial()) continue;
    const modules = compilation.chunkGraph.getChunkModules(chunk);
    if (modules.some((module) => FIRST_PAINT_MODULES.test(module.nameForCondition?.() ?? ''))) {
      for (const file of chunk.files) files.add(file);
    }
  }
  return files;
}

class PreloadFirstPaint {
  /** @param {{ chunkGroups: string[] }} options named chunk groups (webpackChunkName) to preload */
  constructor({ chunkGroups }) {
    this.chunkGroups = chunkGroups;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(NAME, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(NAME, (data) => {
        const files = firstPaintFiles(compilation, this.chunkGroups);
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '' : String(compilation.outputOptions.publicPath ?? '');
        for (const file of [...files].sort()) {
          const as = file.endsWith('.css') ? 'style' : file.endsWith('.js') ? 'script' : undefined;
          if (!as) continue;
          data.headTags.push({ tagName: 'link', voidTag: true, attributes: { rel: 'preload', as, href: `${publicPath}${file}` }, meta: { plugin: NAME } });
        }
        return data;
      });
    });
  }
}

module.exports = { PreloadFirstPaint, firstPaintFiles };
