// One webpack configuration for every app of the workspace (shell and remotes), so each
// project's webpack.config.cjs is a few lines and every app builds the same way.
// Module Federation settings follow docs/architecture.md "Micro-frontends"; see docs/decisions/.
const path = require('node:path');
const fs = require('node:fs');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const ReactRefreshWebpackPlugin = require('@pmmmwh/react-refresh-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedSingletons } = require('./shared-singletons.cjs');
const { devAppConfig } = require('./dev-app-config.cjs');
const { buildDefinitions } = require('./build-info.cjs');
const { manifestWithPageChunks } = require('./page-chunks.cjs');
const { Precompress } = require('./precompress.cjs');

const root = path.resolve(__dirname, '../..');

/**
 * The shell's shared modules, each provided as its own async chunk, came as ~25 small files in a
 * row before any area could start (issue 24: each a round trip, 562 ms apiece on the phone
 * profile). Modules always fetched together go in one file: React and react-dom, and Dossier's
 * shared library with the small packages it builds on. Async chunks only, and not the landing:
 * `main.js` and the visitor's `/` keep what they have (ADR 0395).
 */
const SHARED_JS = /[\\/](shared[\\/]src[\\/](core|contract|drive-oauth|ui)[\\/]|node_modules[\\/](valibot|cockatiel|idb)[\\/])/;
const FIRST_PAINT_TOKENS = /[\\/]shared[\\/]src[\\/]ui[\\/]tokens[\\/]/;
/** The legal texts: only the legal pages, Privacy Settings and the consent dialog show them. */
const SHOWN_ON_DEMAND = /[\\/]shared[\\/]src[\\/]core[\\/]legal[\\/]/;
const SHELL_CHUNK_GROUPS = {
  react: {
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    name: 'react',
    chunks: 'async',
    enforce: true,
    priority: 20,
  },
  dossierShared: {
    // Not the design tokens and stylesheets, which the visitor's light landing needs too and
    // index.html preloads (preload-first-paint.cjs): else `/` would fetch the whole chunk. Nor
    // what is shown on demand: every module here travels before any signed-in page's first rows.
    test: (module) => {
      const file = module.nameForCondition?.() ?? '';
      return SHARED_JS.test(file) && !file.endsWith('.css') && !FIRST_PAINT_TOKENS.test(file) && !SHOWN_ON_DEMAND.test(file);
    },
    name: 'dossier-shared',
    chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== 'landing',
    enforce: true,
    priority: 10,
  },
};

/**
 * @param {object} options
 * @param {string} options.project     Nx project folder, e.g. 'mfe-documents'
 * @param {string} options.name        Module Federation container name, e.g. 'dossier_documents'
 * @param {number} options.port        dev-server port (docs/architecture.md "Ports and runtime config")
 * @param {string} options.title       document title of the app's own page
 * @param {boolean} [options.isShell]  the host: no exposes, no remotes at build time, serves /app-config.json in dev
 */
function createConfig({ project, name, port, title, isShell = false }) {
  const projectRoot = path.join(root, project);
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development' && process.env.NODE_ENV !== 'development';
    // React Fast Refresh only under `webpack serve` (npm run dev, nx serve): edits keep state.
    const fastRefresh = !production && Boolean(env.WEBPACK_SERVE);
    const publicDir = path.join(projectRoot, 'public');
    /** @type {import('webpack').Configuration} */
    const config = {
      mode: production ? 'production' : 'development',
      context: projectRoot,
      // Async bootstrap: main.ts only does import('./bootstrap'), so shared modules are negotiated first.
      entry: { main: path.join(projectRoot, 'src/main.ts') },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(root, 'dist', project),
        // The shell lives at the origin root; a remote's chunks load relative to its manifest.
        publicPath: isShell ? '/' : 'auto',
        uniqueName: name,
        // Every chunk is content-hashed and served immutable, entry chunks included; only the
        // documents that name them (index.html, remoteEntry.js, mf-manifest.json) keep stable
        // names and are served no-cache (docs/decisions/0031).
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
        clean: true,
        // A module that threw while it ran (a shared module it imports failed to download) is run
        // again on the next require, not kept half-made: else Try Again drew a component whose
        // imports were undefined (ADR 0492).
        strictModuleExceptionHandling: true,
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
        // NodeNext-style './x.js' imports resolve to TypeScript sources.
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        // @dossier/shared and @dossier/shared/<lib> (mirrors tsconfig.base.json paths).
        alias: {
          '@dossier/shared': path.join(root, 'shared/src'),
          // react-router's package exports point at its development build only; production
          // builds take its production build (no development checks). See docs/decisions/0005.
          ...(production
            ? {
                'react-router$': path.join(root, 'node_modules/react-router/dist/production/index.mjs'),
                'react-router/dom$': path.join(root, 'node_modules/react-router/dist/production/dom-export.mjs'),
              }
            : {}),
          // What the shared router module (react-router-browser.ts) re-exports from: react-router's
          // own build under a name no shared-module rule consumes (ADR 0301).
          '@dossier/react-router-browser$': path.join(__dirname, 'react-router-browser.ts'),
          '@dossier/react-router-full$': path.join(root, `node_modules/react-router/dist/${production ? 'production' : 'development'}/index.mjs`),
          // supabase-js's Realtime client, fetched only with the first channel subscription
          // (ADR 0186). The shell only: the areas use the shell's supabase client at runtime.
          ...(isShell ? { '@supabase/realtime-js$': path.join(__dirname, 'lazy-realtime.ts') } : {}),
          // Its Storage client likewise, fetched with the first Storage call (ADR 0488).
          ...(isShell ? { '@supabase/storage-js$': path.join(__dirname, 'lazy-storage.ts') } : {}),
          // The registry of areas as data (ADR 0430), deliberately NOT a shared module: the light
          // landing reads the nav from it, and a shared module would fetch the whole contract chunk.
          '@dossier/registry$': path.join(root, 'shared/src/registry/index.ts'),
          // afterIdle, deliberately NOT a shared module: the service worker's client runs in the
          // visitor's light landing, and the shared module would fetch the contract chunk on `/`
          // (ADR 0498). The same file `@dossier/shared/core` exports.
          '@dossier/idle$': path.join(root, 'shared/src/core/idle/index.ts'),
          // The last-resort screen, deliberately NOT a shared module (see main.ts).
          '@dossier/application-error$': path.join(root, 'shared/src/ui/application-error/index.ts'),
          // What this build was compiled against, deliberately NOT a shared module: each remote
          // reports its own contract version, not the shell's (docs/decisions/0032).
          '@dossier/build$': path.join(root, 'shared/src/build/index.ts'),
        },
      },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production, refresh: fastRefresh } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
          { test: /\.(png|svg|jpe?g|gif|woff2?)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        // `@dossier/build`: the release label (CI sets it to the commit, locally 'local'), the
        // contract version and the shared-version requirements this build is compiled against.
        new webpack.DefinePlugin(buildDefinitions(root)),
        new ModuleFederationPlugin({
          name,
          ...(isShell ? {} : { filename: 'remoteEntry.js', exposes: { './Module': './src/remote-entry.ts' } }),
          // Remote locations are runtime data (app-config.json + registerRemotes), never build input.
          remotes: {},
          shared: sharedSingletons(root),
          shareStrategy: 'loaded-first',
          // An area's manifest also names each page's files (ADR 0485): the shell asks for them
          // beside remoteEntry.js.
          manifest: isShell ? true : manifestWithPageChunks(path.join(projectRoot, 'src/remote-entry.ts')),
          dts: false,
          // One federation runtime per page (ADR 0300): the shell puts its runtime core on the page, and a remote's production build uses that one instead of carrying its own
          // copy in remoteEntry.js. `nx serve mfe-x` (the standalone harness, development) keeps its
          // own, so an area still runs alone.
          experiments: !isShell && production ? { externalRuntime: true } : {},
          // The shell provides its runtime core (shell/src/federation/provide-runtime.ts) and asks
          // for a page's files when its area's manifest answers (preload-page-chunks.ts, ADR 0485); a
          // shared module whose download failed is downloaded again on Try Again (retry-failed-shares.ts).
          ...(isShell
            ? { runtimePlugins: ['provide-runtime.ts', 'preload-page-chunks.ts', 'retry-failed-shares.ts'].map((file) => path.join(projectRoot, 'src/federation', file)) }
            : {}),
        }),
        new MiniCssExtractPlugin({
          filename: production ? '[name].[contenthash:10].css' : '[name].css',
          chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        }),
        new HtmlWebpackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
          scriptLoading: 'defer',
        }),
        // `library` scopes the refresh runtime to this container, so the shell and the remotes it
        // loads each keep their own (several webpack runtimes share one page).
        ...(fastRefresh ? [new ReactRefreshWebpackPlugin({ library: name, overlay: false })] : []),
        ...(fs.existsSync(publicDir) ? [new CopyWebpackPlugin({ patterns: [{ from: publicDir, noErrorOnMissing: true }] })] : []),
        // A Brotli copy beside each text file, for the static host or a CDN to send (ADR 0495).
        ...(production ? [new Precompress()] : []),
      ],
      optimization: {
        moduleIds: 'deterministic',
        chunkIds: production ? 'deterministic' : 'named',
        ...(isShell && production ? { splitChunks: { cacheGroups: SHELL_CHUNK_GROUPS } } : {}),
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        host: '127.0.0.1',
        hot: true,
        liveReload: true,
        // Every app is a single-page app, standalone remotes included.
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
        client: { overlay: { errors: true, warnings: false } },
        static: fs.existsSync(publicDir) ? [{ directory: publicDir, watch: false }] : false,
        setupMiddlewares: (middlewares) => {
          if (!isShell) return middlewares;
          // The shell reads /app-config.json at start; in dev it comes from APP_CONFIG_FILE
          // (written by `npm run dev`) or from the defaults of docs/architecture.md's port table.
          middlewares.unshift({
            name: 'app-config',
            path: '/app-config.json',
            middleware: (_req, res) => {
              const file = process.env.APP_CONFIG_FILE;
              const body = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : JSON.stringify(devAppConfig(process.env));
              res.setHeader('Content-Type', 'application/json');
              res.setHeader('Cache-Control', 'no-cache');
              res.end(body);
            },
          });
          return middlewares;
        },
      },
    };
    return config;
  };
}

module.exports = { createConfig };
