// The shell's PWA additions to its webpack build (used by shell/webpack.config.cjs):
// - head tags for the web app manifest and icons (the HTML template is shared with the remotes,
//   which are not installable on their own);
// - in production, Workbox's InjectManifest builds shell/src/sw/sw.ts into /sw.js with the
//   precache list of the shell's build output. Development has no worker (the shell registers
//   it only in production), so editing never fights a cache.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');

const HEAD_TAGS = [
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'icon', href: '/icons/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon-180.png', sizes: '180x180' },
];

class PwaHeadTags {
  apply(compiler) {
    compiler.hooks.compilation.tap('PwaHeadTags', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PwaHeadTags', (data) => {
        data.headTags.push(
          ...HEAD_TAGS.map((attributes) => ({ tagName: 'link', voidTag: true, attributes, meta: { plugin: 'PwaHeadTags' } })),
          { tagName: 'meta', voidTag: true, attributes: { name: 'apple-mobile-web-app-capable', content: 'yes' }, meta: { plugin: 'PwaHeadTags' } },
        );
        return data;
      });
    });
  }
}

function withPwa(config) {
  config.plugins.push(new PwaHeadTags());
  if (config.mode !== 'production') return config;
  config.plugins.push(
    new InjectManifest({
      swSrc: path.join(__dirname, 'sw.ts'),
      swDest: 'sw.js',
      // Runtime data and federation manifests are never precached (they must never be stale);
      // source maps and licence notes are not needed offline.
      exclude: [/\.map$/, /LICENSE\.txt$/, /app-config\.json$/, /mf-manifest\.json$/, /mf-stats\.json$/, /\.d\.ts$/, /@mf-types/],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
    }),
  );
  return config;
}

module.exports = { withPwa };
