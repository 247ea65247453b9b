const { createConfig } = require('../tools/webpack/create-config.cjs');

const { PreloadFirstPaint } = require('../tools/webpack/preload-first-paint.cjs');
const { PrerenderLanding } = require('../tools/webpack/prerender-landing.cjs');
const { withPwa } = require('./src/sw/pwa-webpack.cjs');

const shellConfig = createConfig({ project: 'shell', name: 'dossier_shell', port: 4200, title: 'Dossier', isShell: true });
module.exports = (env, argv) => {
  const config = withPwa(shellConfig(env, argv));
  // The light landing (main.ts: webpackChunkName 'landing') and React, fetched beside main.js.
  // The landing's markup, stylesheet and a hash-allowed inline script in index.html (ADR 0220).
  if (config.mode === 'production') {
    config.plugins.push(new PreloadFirstPaint({ chunkGroups: ['landing'] }), new PrerenderLanding({ projectRoot: __dirname, chunkGroups: ['landing'] }));
  }
  return config;
};
