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

/** A port from the environment: a whole number 0-65535 (0 = a free one), or the default when unset. */
function portSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number (0-65535, 0 = a free one), got "${value}"`);
  return port;
}

/**
 * The ports of an instance (`npm start`): the registry's, unless SHELL_PORT or REMOTE_PORT_BASE
 * move them. A moved shell takes the remotes along (the next ports, in the registry's order), so
 * two instances never share a remote; 0 asks for free ports everywhere.
 */
export function instancePorts(env: NodeJS.ProcessEnv): { shellPort: number; remotePorts: Record<RemoteName, number> } {
  const shellPort = portSetting(env, 'SHELL_PORT', LOCAL_DEFAULTS.shellPort);
  const moved = shellPort !== LOCAL_DEFAULTS.shellPort;
  const base = portSetting(env, 'REMOTE_PORT_BASE', shellPort === 0 ? 0 : moved ? shellPort + 1 : -1);
  const remotePorts = Object.fromEntries(names.map((name, i) => [name, base === -1 ? registry.remotes[name].port : base === 0 ? 0 : base + i])) as Record<RemoteName, number>;
  return { shellPort, remotePorts };
}
