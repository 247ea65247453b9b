const path = require('node:path');
const webpack = require('webpack');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { createConfig } = require('../tools/webpack/create-config.cjs');
const federation = require('./module-federation.config.cjs');
const { ocrAssetDirs, ocrAssetPatterns } = require('./ocr-assets.cjs');

const root = path.resolve(__dirname, '..');

const base = createConfig({ project: 'mfe-documents', ...federation });

// OCR on the device (docs/decisions/0110): tesseract.js's worker, its WebAssembly core and the
// English language data are copied from their npm packages into this remote's output, so they are
// served from Dossier's own origin and work offline — never from a CDN.
module.exports = (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(
    new CopyWebpackPlugin({ patterns: ocrAssetPatterns(root) }),
    new webpack.DefinePlugin({ __OCR_ASSET_DIRS__: JSON.stringify(ocrAssetDirs(root)) }),
  );
  return config;
};
