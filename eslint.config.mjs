// Lint for the whole workspace. The module-boundary rule is the one that matters most:
// a remote may import only @dossier/shared, never another remote or the shell.
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { documentsDoorConfig, documentsDoorLookupsConfig } from './tools/eslint/documents-door.mjs';
import { stackEnvConfig } from './tools/eslint/stack-env.mjs';

/** What a benchmark may not import (see "Benchmarks" below): regexes on the import's path. */
const BENCH_DOORS = [
  {
    regex: '(^|/)mfe-[^/]+/src/(?!tooling(\\.js)?$)',
    message: "A benchmark imports an area only through its door for tools ('../mfe-<area>/src/tooling'); export what it needs there.",
  },
  {
    regex: '(^|/)e2e/(?!support/tooling(\\.js)?$)',
    message: "A benchmark imports the end-to-end suite only through its door for tools ('../e2e/support/tooling': the load figures); fixtures live with their tests. Use the platform (e.g. writePdf from local-stack/src/content/pdf) or local-stack/test/support/.",
  },
  {
    regex: '(^|/)shared/src/|^@dossier/shared/[^/]+/',
    message: "A benchmark imports shared through its package entries ('@dossier/shared/core', …), not its files.",
  },
  {
    regex: '(^|/)local-stack/test/(?!support/)',
    message: "A benchmark uses the platform's public test support (local-stack/test/support/), not its tests.",
  },
];

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
          checkDynamicDependenciesExceptions: ['@dossier/shared', '@dossier/shared/*', '@dossier/build', '@dossier/application-error', '@dossier/registry', '@dossier/idle'],
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
  {
    // Benchmarks import only public entry points (issue 23 §4): an area through its door for Node
    // tools (mfe-*/src/tooling.ts), shared through its package entries ('@dossier/shared/core'),
    // the platform through its sources and its public test support (local-stack/test/support/).
    // Never an area's internals and never the end-to-end suite's fixtures or support: a benchmark
    // that reached in would break (or silently measure something else) when an area reorganises.
    // The benchmarks' entry scripts (scripts/bench-*.ts) are held to the same doors.
    // tools/eslint/bench-doors.test.ts lints fixtures that reach in.
    files: ['bench/**/*.ts', 'scripts/bench-*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: BENCH_DOORS }],
      // The same paths in an import(): no-restricted-imports reads only static imports and exports.
      'no-restricted-syntax': [
        'error',
        ...BENCH_DOORS.map(({ regex, message }) => ({ selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2f')}/]`, message })),
      ],
    },
  },
  // One module names the documents table and bucket (tools/eslint/documents-door.mjs).
  documentsDoorConfig,
  documentsDoorLookupsConfig,
  // The local stack reads its environment in one place (tools/eslint/stack-env.mjs, ADR 0481).
  stackEnvConfig,
  {
    // The export round trip is a platform test of shared/src/archive against the real stack: it
    // imports that library by path (the local stack's Jest has no @dossier/shared aliases), and the
    // module-boundary rule's fixer crashes computing a replacement for such an import.
    files: ['supabase/tests/export-round-trip.test.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // The local stack's settings reader and early hints import the one settings schema and the
    // registry's address matcher by path: the stack also
    // runs under plain tsx (`npm run stack`), which knows no @dossier/shared aliases; the rule's
    // fixer crashes on such an import, as above (ADR 0481).
    files: ['local-stack/src/settings.ts', 'local-stack/src/static-host/early-hints.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
