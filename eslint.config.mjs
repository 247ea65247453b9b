// Lint for the whole workspace. The module-boundary rule is the one that matters most:
// a remote may import only @dossier/shared, never another remote or the shell.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { documentsDoorConfig, documentsDoorLookupsConfig } from './tools/eslint/documents-door.mjs';

export default [
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.nx/**', '**/.local-stack/**', '**/test-results/**', '**/*.cjs', '**/*.mjs', '**/*.js'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx, 'react-hooks': reactHooks },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // shared/ imports its own sub-libraries by package name ('@dossier/shared/contract'),
          // not by relative path: with Module Federation each is a shared singleton module, and a
          // relative import would bundle a second copy (a second React context). See docs/decisions/0004.
          allowCircularSelfDependency: true,
          allow: [],
          // /settings loads the zip code only on Export/Import (so the page opens offline and
          // stays light); @dossier/shared is otherwise imported statically everywhere.
          checkDynamicDependenciesExceptions: ['@dossier/shared', '@dossier/shared/*', '@dossier/build', '@dossier/application-error', '@dossier/registry'],
          depConstraints: [
            { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:shared'] },
            { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:shared'] },
            { sourceTag: 'type:shared', onlyDependOnLibsWithTags: ['type:shared'] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'type:shared'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:shared', 'type:platform'] },
          ],
        },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // Feature folders inside an area (bulletproof-react): a feature never reaches into another
    // feature's files. It imports another feature only through that feature's index.ts (its
    // public surface), and shared code lives in the area's lib/ or api/, or in @dossier/shared.
    // (Stylesheets are left to the design system's own rules.)
    files: ['**/src/features/**/*.ts', '**/src/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!testing/)[^./][^/]*/.+(?<!\\.css)$',
              message: "A feature imports another feature only through its index.ts ('../other-feature'), never its internals.",
            },
          ],
        },
      ],
    },
  },
  // One module names the documents table and bucket (tools/eslint/documents-door.mjs).
  documentsDoorConfig,
  documentsDoorLookupsConfig,
  {
    // The export round trip is a platform test of shared/src/archive against the real stack: it
    // imports that library by path (the local stack's Jest has no @dossier/shared aliases), and the
    // module-boundary rule's fixer crashes computing a replacement for such an import.
    files: ['supabase/tests/export-round-trip.test.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
