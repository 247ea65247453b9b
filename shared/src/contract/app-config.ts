import * as v from 'valibot';
import registry from './registry.json';
import { REMOTE_NAMES, type RemoteName } from './registry';

/**
 * `GET /app-config.json` — read by the shell at start (docs/architecture.md "Ports and runtime config").
 * Remote locations are runtime data: each value is the URL of that remote's mf-manifest.json.
 * The schema (valibot, docs/decisions/0141) is the one definition of the file: the shell parses
 * it once at start, the dev server's and the static host's builders are tested against it.
 */

export { AREA_PATHS, LOCAL_DEFAULTS, REMOTE_NAMES, REMOTE_REGISTRY, areaOfPath, pathMatches, type RemoteEntry, type RemoteName } from './registry';

/** Whether `text` is an absolute http(s) URL (app-config's addresses; the settings schema too). */
export const isHttpUrl = (text: string) => {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
};
const absoluteUrl = v.pipe(v.string('must be a string'), v.check(isHttpUrl, 'must be an absolute http(s) URL'));
const remoteUrl = v.optional(absoluteUrl);

export const AppConfigSchema = v.object({
  supabaseUrl: absoluteUrl,
  supabaseAnonKey: v.pipe(v.string('must be a string'), v.nonEmpty('must not be empty')),
  // Unknown names are refused (a typo would otherwise silently disable an area); a missing one
  // is an area this deployment does not offer.
  remotes: v.pipe(
    v.strictObject(
      {
        documents: remoteUrl,
        portfolios: remoteUrl,
        driveImport: remoteUrl,
        account: remoteUrl,
        debug: remoteUrl,
      } satisfies Record<RemoteName, unknown>,
      `is not a remote (known: ${Object.keys(registry.remotes).join(', ')})`,
    ),
    v.transform((given): Record<RemoteName, string> => Object.fromEntries(REMOTE_NAMES.map((name) => [name, given[name] ?? ''])) as Record<RemoteName, string>),
  ),
  drive: v.optional(
    v.object({
      enabled: v.boolean('must be true or false'),
      clientId: v.string('must be a string'),
      apiKey: v.string('must be a string'),
      apiBaseUrl: v.string('must be a string'),
      authUrl: v.string('must be a string'),
    }),
    { enabled: false, clientId: '', apiKey: '', apiBaseUrl: '', authUrl: '' },
  ),
  features: v.optional(v.object({ debugRoutes: v.optional(v.boolean('must be true or false'), false) }), { debugRoutes: false }),
  /** Upload size limit in bytes (default 50 MB). */
  uploadMaxBytes: v.optional(v.pipe(v.number('must be a number'), v.integer('must be whole bytes'), v.minValue(1, 'must be positive'))),
});

/** app-config.json once parsed: every remote key present ('' = not offered), defaults filled in. */
export type AppConfig = v.InferOutput<typeof AppConfigSchema>;
/** What may be written in app-config.json (optional parts may be left out). */
export type AppConfigInput = v.InferInput<typeof AppConfigSchema>;

/** app-config.json did not match the schema; the message names every wrong field. */
export class AppConfigError extends Error {
  override readonly name = 'AppConfigError';
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
  ) {
    super(`${source} is not valid: ${problems.join('; ')}`);
  }
}

/** Parses and validates app-config.json (or a builder's output) — the only way to get an AppConfig. */
export function parseAppConfig(value: unknown, source = 'app-config.json'): AppConfig {
  const result = v.safeParse(AppConfigSchema, value);
  if (result.success) return result.output;
  throw new AppConfigError(
    source,
    result.issues.map((issue) => {
      const at = v.getDotPath(issue) ?? '(the file)';
      const input: unknown = issue.input;
      const got = input === undefined ? 'missing' : `got ${typeof input === 'number' ? String(input) : JSON.stringify(input)}`;
      return `${at} ${issue.message} (${got})`;
    }),
  );
}
