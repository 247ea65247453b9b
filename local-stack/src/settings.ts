// The local stack's one reader of its environment (ADR 0481). Every variable the stack reads is
// declared, with its meaning, default and value rule, in shared/src/settings/stack-settings.ts
// (part of the one schema `npm start` checks; docs/configuration.md's table is generated from
// it). loadConfig reads them here once and keeps the result on the config; the stack's modules
// take their values from `settingsOf(config)`, never from process.env (a lint rule holds this:
// eslint.config.mjs, "local-stack reads its environment in one place").
//
// Imported by path, not by the `@dossier/shared/settings` alias: the stack also runs under plain
// `tsx local-stack/src/main.ts` (`npm run stack`), which knows no tsconfig paths (eslint.config.mjs
// lets this one file do it).
import { SettingsError, parseStackSettings, type StackSettings } from '../../shared/src/settings/stack-settings.js';
import type { StackConfig } from './context.js';
import { StackConfigError } from './repo-root.js';

export type { StackSettings };

/** An environment as the stack receives one (process.env, or a test's object). */
export type Environment = Record<string, string | undefined>;

declare module './context.js' {
  interface StackConfig {
    /** The environment's settings, read and checked once by loadConfig. */
    settings?: StackSettings;
  }
}

/** The stack's settings from `env`; a wrong value throws StackConfigError naming each wrong variable. */
export function readStackSettings(env: Environment = process.env): StackSettings {
  try {
    return parseStackSettings(env);
  } catch (e) {
    if (e instanceof SettingsError) throw new StackConfigError(e.message);
    throw e;
  }
}

/** The settings a stack was started with; a config made by hand (unit tests) reads the environment. */
export function settingsOf(config: Pick<StackConfig, 'settings'>): StackSettings {
  return config.settings ?? readStackSettings();
}
