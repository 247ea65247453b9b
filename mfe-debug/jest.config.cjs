const preset = require('../jest.preset.cjs');

module.exports = { ...preset, displayName: 'mfe-debug', rootDir: __dirname, testEnvironment: 'jsdom', setupFilesAfterEnv: [require.resolve('../tools/jest/testing-library.cjs')] };
