import type { RemoteName } from '@dossier/shared';
// The one registry of remotes (docs/decisions/0140), read as data: the local stack runs in Node
// without the browser contract's code.
import registry from '../../../shared/src/contract/registry.json';

const names = Object.keys(registry.remotes) as RemoteName[];
const each = <T>(pick: (remote: (typeof registry.remotes)[RemoteName]) => T) =>
  Object.fromEntries(names.map((name) => [name, pick(registry.remotes[name])])) as Record<RemoteName, T>;

/** dist/ folder of each remote. */
export const REMOTE_DIRS: Readonly<Record<RemoteName, string>> = each((remote) => remote.project);
/** Default port of each remote. */
export const REMOTE_DEFAULT_PORTS: Readonly<Record<RemoteName, number>> = each((remote) => remote.port);
/** Environment variable overriding each remote's manifest URL. */
export const REMOTE_URL_ENV: Readonly<Record<RemoteName, string>> = each((remote) => remote.env);
/** A local instance's defaults. */
export const LOCAL_DEFAULTS = registry.local;
