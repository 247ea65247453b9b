import { createRequire } from 'node:module';
import path from 'node:path';
import type { AppConfig, RemoteName } from '@dossier/shared';
import { findRepoRoot } from '../repo-root.js';
import { DEMO_ANON_KEY } from '../keys.js';

/** The local stack's public demo anon key (Supabase CLI default), used when none is given. */
export const LOCAL_DEMO_ANON_KEY = DEMO_ANON_KEY;

/** What the running processes know; every value can still be overridden by an environment variable. */
export interface KnownAddresses {
  supabaseUrl: string;
  supabaseAnonKey?: string;
  googleUrl?: string;
  remotes: Record<RemoteName, string>;
}

// The one builder (ADR 0431) is plain CommonJS so the webpack dev server requires it too; loaded
// by path from the repository root, as registry.ts reads the registry.
const builder = createRequire(path.join(findRepoRoot(), 'package.json'))('./tools/webpack/dev-app-config.cjs') as {
  appConfigFromEnv(env: NodeJS.ProcessEnv, known: KnownAddresses): AppConfig;
};

/** app-config.json of a running instance (docs/configuration.md): the one builder, typed. */
export function appConfigFromEnv(env: NodeJS.ProcessEnv, known: KnownAddresses): AppConfig {
  return builder.appConfigFromEnv(env, known);
}
