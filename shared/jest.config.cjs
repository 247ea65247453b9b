const preset = require('../jest.preset.cjs');

module.exports = { ...preset, displayName: 'shared', rootDir: __dirname, testEnvironment: 'jsdom', setupFilesAfterEnv: [require.resolve('../tools/jest/testing-library.cjs')] };
