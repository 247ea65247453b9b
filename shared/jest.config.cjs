const preset = require('../jest.preset.cjs');

module.exports = { ...preset, displayName: 'shared', rootDir: __dirname, testEnvironment: 'jsdom' };
