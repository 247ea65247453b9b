const { createConfig } = require('../tools/webpack/create-config.cjs');

const { PreloadFirstPaint } = require('../tools/webpack/preload-first-paint.cjs');
const { withPwa } = require('./src/sw/pwa-webpack.cjs');

const shellConfig = createConfig({ project: 'shell', name: 'dossier_shell', port: 4200, title: 'Dossier', isShell: true });
module.exports = (env, argv) => {
  const config = withPwa(shellConfig(env, argv));
  // The light landing (main.ts: webpackChunkName 'landing') and React, fetched beside main.js.
  if (config.mode === 'production') config.plugins.push(new PreloadFirstPaint({ chunkGroups: ['landing'] }));
  return config;
};
