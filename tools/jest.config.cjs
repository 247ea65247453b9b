const preset = require('../jest.preset.cjs');

module.exports = { ...preset, displayName: 'tools', rootDir: __dirname, testEnvironment: 'node' };
