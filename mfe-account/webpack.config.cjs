const { createConfig } = require('../tools/webpack/create-config.cjs');
const federation = require('./module-federation.config.cjs');

module.exports = createConfig({ project: 'mfe-account', ...federation });
