// One Jest setup for every project: SWC transforms TypeScript/TSX fast (no type checking here;
// `npm run typecheck` does that), path aliases mirror tsconfig.base.json.
const path = require('node:path');

const root = __dirname;

// `@dossier/build` reads what webpack's DefinePlugin inlines; under Jest the same values come
// from the environment (inherited by Jest's workers).
Object.assign(process.env, require('./tools/webpack/build-info.cjs').buildEnvironment(root));

module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    // NodeNext-style relative imports ('./x.js') resolve to the TypeScript source.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '^@dossier/application-error$': path.join(root, 'shared/src/ui/application-error/index.ts'),
    '^@dossier/registry$': path.join(root, 'shared/src/registry/index.ts'),
    '^@dossier/idle$': path.join(root, 'shared/src/core/idle/index.ts'),
    '^@dossier/build$': path.join(root, 'shared/src/build/index.ts'),
    '^@dossier/shared$': path.join(root, 'shared/src/index.ts'),
    '^@dossier/shared/(.*)$': path.join(root, 'shared/src/$1/index.ts'),
    '\\.(css)$': path.join(root, 'tools/jest/style-stub.cjs'),
  },
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // ESM-only packages that must be transformed for Jest's CommonJS runtime.
  transformIgnorePatterns: ['/node_modules/(?!(file-type|@borewit|strtok3|peek-readable|token-types|uint8array-extras|@tokenizer|idb|jose|client-zip)/)'],
};
