// The local stack reads its environment in one place (ADR 0481): local-stack/src/settings.ts,
// against the declarations in shared/src/settings/stack-settings.ts (name, meaning, default,
// rule; docs/configuration.md's table is generated from them). Anywhere else in local-stack/src a
// `process.env` read is a setting that skipped the schema: no check at start, no row in the table.

/** The reader itself. */
export const STACK_SETTINGS_READER = 'local-stack/src/settings.ts';

/** The only other files that may read process.env, each for a reason no declaration can cover. */
export const STACK_ENV_EXCEPTIONS = [
  // Deno.env for the functions the stack runs: on hosted Supabase a function sees the whole
  // environment, so the emulated one falls back to process.env for any name (the functions' own
  // reader, supabase/functions/_shared/env.ts, checks what they read).
  'local-stack/src/functions/deno-shim.ts',
  // supabase/config.toml's `env(NAME)` values, as the Supabase CLI resolves them: the names are
  // the TOML file's choice, not the stack's (the ones our config.toml uses are declared).
  'local-stack/src/auth/supabase-toml.ts',
];

const message =
  "Read settings through local-stack/src/settings.ts (settingsOf(config) / readStackSettings), declared in shared/src/settings/stack-settings.ts — not process.env (ADR 0481; exceptions: tools/eslint/stack-env.mjs).";

export const stackEnvConfig = {
  files: ['local-stack/src/**/*.ts'],
  ignores: [STACK_SETTINGS_READER, ...STACK_ENV_EXCEPTIONS, '**/*.test.ts'],
  rules: {
    // process.env.X, process.env[name], process['env'], const { env } = process
    'no-restricted-properties': ['error', { object: 'process', property: 'env', message }],
  },
};
