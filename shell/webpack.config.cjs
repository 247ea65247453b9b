const { createConfig } = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({ project: 'shell', name: 'dossier_shell', port: 4200, title: 'Dossier', isShell: true });
