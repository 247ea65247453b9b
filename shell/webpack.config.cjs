const { createConfig } = require('../tools/webpack/create-config.cjs');

const { PreloadFirstPaint } = require('../tools/webpack/preload-first-paint.cjs');
const { PrerenderLanding } = require('../tools/webpack/prerender-landing.cjs');
const { withPwa } = require('./src/sw/pwa-webpack.cjs');

const shellConfig = createConfig({ project: 'shell', name: 'dossier_shell', port: 4200, title: 'Dossier', isShell: true });
module.exports = (env, argv) => {
  const config = withPwa(shellConfig(env, argv));
  // React and the tokens fetched beside main.js on every page; the light landing (main.ts:
  // webpackChunkName 'landing') only where it shows, hinted by the inline script. The landing's
  // markup, stylesheet and a hash-allowed inline script in index.html (ADR 0220), which also hints
  // the files of the shell page the address names (ADR 0489).
  if (config.mode === 'production') {
    config.plugins.push(new PreloadFirstPaint(), new PrerenderLanding({ projectRoot: __dirname, chunkGroups: ['landing'], pageTable: 'src/routing/route-table.ts' }));
  }
  return config;
};
