import type * as v from 'valibot';
import { LOCAL_DEFAULTS, REMOTE_NAMES, REMOTE_REGISTRY, type RemoteName } from '../contract/registry';
import { FUNCTION_SETTINGS } from './function-settings';
import { bytes, flag, port, readerOf, setting, text, url, type Setting, type SettingInfo } from './rules';
import { STACK_SETTINGS } from './stack-settings';

export { SettingsError } from './rules';
export { STACK_SETTINGS, parseStackSettings, type StackSettings } from './stack-settings';
export { FUNCTION_SETTINGS } from './function-settings';

/**
 * The settings a Dossier instance reads from its environment, in one valibot schema (ADR 0431):
 * what becomes the browser's app-config.json and the ports of an instance. `npm start` and
 * `npm run dev` check the environment against it before anything starts, and the table in
 * docs/configuration.md is generated from it (a test holds the two equal). Node/tooling only: the
 * browser reads the finished app-config.json (AppConfigSchema), never the environment.
 */

const remoteSettings = Object.fromEntries(
  REMOTE_NAMES.map((name) => [
    REMOTE_REGISTRY[name].env,
    setting(url, `app-config \`remotes.${name}\`: the ${REMOTE_REGISTRY[name].label} area's \`mf-manifest.json\``, `\`http://127.0.0.1:${REMOTE_REGISTRY[name].port}/mf-manifest.json\``, 'absolute http(s) URL'),
  ]),
) as Record<string, Setting<typeof url>>;

/** Every setting in the schema, in the order of the generated table. */
export const SETTINGS = {
  SUPABASE_URL: setting(url, 'app-config `supabaseUrl`: point Dossier at a hosted Supabase project', `the local stack (\`${LOCAL_DEFAULTS.supabaseUrl}\`)`, 'absolute http(s) URL'),
  SUPABASE_ANON_KEY: setting(text, 'app-config `supabaseAnonKey`', "the local stack's anon key", 'the project\'s anon (publishable) key'),
  ...remoteSettings,
  GOOGLE_URL: setting(url, 'app-config `drive`: the base of the two Drive addresses below', `the Google emulator (\`${LOCAL_DEFAULTS.googleUrl}\`)`, 'absolute http(s) URL'),
  DRIVE_ENABLED: setting(flag, 'app-config `drive.enabled`', '`true`', 'true or false'),
  DRIVE_CLIENT_ID: setting(
    text,
    "app-config `drive.clientId`: must be the functions' OAuth client (`drive-token` exchanges the popup's code with its secret)",
    '`SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID`, else `GOOGLE_CLIENT_ID`, else the emulator\'s client',
    'OAuth client id',
  ),
  DRIVE_API_KEY: setting(text, 'app-config `drive.apiKey`', `\`${LOCAL_DEFAULTS.driveApiKey}\``, 'Google API key'),
  DRIVE_API_BASE_URL: setting(url, 'app-config `drive.apiBaseUrl`', '`<GOOGLE_URL>/drive/v3`', 'absolute http(s) URL'),
  DRIVE_AUTH_URL: setting(url, 'app-config `drive.authUrl`', '`<GOOGLE_URL>/o/oauth2/v2/auth`', 'absolute http(s) URL'),
  DEBUG_ROUTES: setting(flag, 'app-config `features.debugRoutes`: the diagnostic pages, for signed-in staff', '`false` (the dev server and the e2e suite: `true`)', 'true or false'),
  UPLOAD_MAX_BYTES: setting(bytes, 'app-config `uploadMaxBytes`: the largest file a person may upload', '50 MB', 'positive whole number of bytes'),
  SHELL_PORT: setting(port, '`npm start`: the shell', `\`${LOCAL_DEFAULTS.shellPort}\``, 'port (0 = a free one)'),
  REMOTE_PORT_BASE: setting(port, "`npm start`: the first remote's port, the others follow in the registry's order", `\`${REMOTE_REGISTRY.documents.port}\` (the shell's port + 1 when \`SHELL_PORT\` moves it)`, 'port (0 = free ones)'),
  ...STACK_SETTINGS,
} satisfies Record<string, Setting<v.GenericSchema<string, unknown>>>;

const all = readerOf(SETTINGS);
/** The schema: each setting optional (unset or empty = its default); unknown variables are ignored. */
export const SettingsSchema = all.schema;
export type Settings = v.InferOutput<typeof SettingsSchema>;
/** Reads the schema's settings from an environment: empty counts as unset; a wrong value throws SettingsError. */
export const parseSettings: (env: Record<string, string | undefined>) => Settings = all.parse;

/**
 * The ports of an instance (`npm start`): the registry's, unless SHELL_PORT or REMOTE_PORT_BASE
 * move them. A moved shell takes the remotes along (the next ports, in the registry's order), so
 * two instances never share a remote; 0 asks for free ports everywhere.
 */
export function instancePorts(settings: Pick<Settings, 'SHELL_PORT' | 'REMOTE_PORT_BASE'>): { shellPort: number; remotePorts: Record<RemoteName, number> } {
  const shellPort = settings.SHELL_PORT ?? LOCAL_DEFAULTS.shellPort;
  const base = settings.REMOTE_PORT_BASE ?? (shellPort === 0 ? 0 : shellPort === LOCAL_DEFAULTS.shellPort ? undefined : shellPort + 1);
  const remotePorts = Object.fromEntries(REMOTE_NAMES.map((name, i) => [name, base === undefined ? REMOTE_REGISTRY[name].port : base === 0 ? 0 : base + i]));
  return { shellPort, remotePorts: remotePorts as Record<RemoteName, number> };
}

const cell = (value: string) => value.replace(/\|/g, '\\|');
const row = (name: string, info: SettingInfo) => `| \`${name}\` | ${cell(info.usedBy)} | ${cell(info.fallback)} | ${cell(info.value)} |`;

/** The table of docs/configuration.md, generated from the schema (scripts/configuration-table.ts writes it). */
export function settingsTable(): string {
  return [
    '| variable | used by | default | value |',
    '| --- | --- | --- | --- |',
    ...Object.entries(SETTINGS).map(([name, info]: [string, SettingInfo]) => row(name, info)),
    ...Object.entries(FUNCTION_SETTINGS).map(([name, info]) => row(name, { ...info, usedBy: `Edge Functions (${info.functions.map((f) => `\`${f}\``).join(', ')}): ${info.usedBy}` })),
  ].join('\n');
}

/** Where the generated table sits in docs/configuration.md. */
export const TABLE_START = '<!-- settings table: generated from shared/src/settings/settings.ts by `npx tsx scripts/configuration-table.ts`; do not edit by hand -->';
export const TABLE_END = '<!-- end of the settings table -->';
