const { createConfig } = require('../tools/webpack/create-config.cjs');

const { withPwa } = require('./src/sw/pwa-webpack.cjs');

const shellConfig = createConfig({ project: 'shell', name: 'dossier_shell', port: 4200, title: 'Dossier', isShell: true });
module.exports = (env, argv) => withPwa(shellConfig(env, argv));
