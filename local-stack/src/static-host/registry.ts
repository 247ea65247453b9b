import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RemoteName } from '@dossier/shared';
import { findRepoRoot } from '../repo-root.js';

/** The parts of the one registry of remotes (docs/decisions/0140) the local stack reads. */
interface Registry {
  remotes: Record<RemoteName, { project: string; port: number; env: string }>;
  local: { shellPort: number; supabaseUrl: string; googleUrl: string; stripeUrl: string; driveClientId: string; driveApiKey: string };
}

// Read as data: the local stack runs in Node without the browser contract's code.
const registry = JSON.parse(readFileSync(path.join(findRepoRoot(), 'shared/src/contract/registry.json'), 'utf8')) as Registry;

const names = Object.keys(registry.remotes) as RemoteName[];
const each = <T>(pick: (remote: Registry['remotes'][RemoteName]) => T) =>
  Object.fromEntries(names.map((name) => [name, pick(registry.remotes[name])])) as Record<RemoteName, T>;

/** dist/ folder of each remote. */
export const REMOTE_DIRS: Readonly<Record<RemoteName, string>> = each((remote) => remote.project);
/** Default port of each remote. */
export const REMOTE_DEFAULT_PORTS: Readonly<Record<RemoteName, number>> = each((remote) => remote.port);
/** Environment variable overriding each remote's manifest URL. */
export const REMOTE_URL_ENV: Readonly<Record<RemoteName, string>> = each((remote) => remote.env);
/** A local instance's defaults. */
export const LOCAL_DEFAULTS: Readonly<Registry['local']> = registry.local;
