import type * as v from 'valibot';
import { LOCAL_DEFAULTS } from '../contract/registry';
import { count, flag, list, locale, millis, oneOf, period, port, postgresUrl, readerOf, setting, size, text, timeZone, url, type Setting } from './rules';

/**
 * The local stack's settings (local-stack/src), declared once: name, meaning, default and value
 * rule. settings.ts composes them into the one schema `npm start` and `npm run dev` check; the
 * local stack reads its values through parseStackSettings (local-stack/src/settings.ts) and
 * nowhere else (ADR 0481). Defaults are applied by the stack's reader; a declaration's `fallback`
 * says what they are for the table.
 */

export { SettingsError } from './rules';

const portOf = (address: string) => new URL(address).port;
const MILLIS = 'whole number of milliseconds';

export const STACK_SETTINGS = {
  SUPABASE_PORT: setting(port, 'local stack: the API (`STACK_PORT` is an older name for it)', `\`${portOf(LOCAL_DEFAULTS.supabaseUrl)}\``, 'port (0 = a free one)'),
  STACK_PORT: setting(port, 'local stack: the API, when `SUPABASE_PORT` is unset', `\`${portOf(LOCAL_DEFAULTS.supabaseUrl)}\``, 'port (0 = a free one)'),
  GOOGLE_EMULATOR_PORT: setting(port, 'local stack: the Google emulator', `\`${portOf(LOCAL_DEFAULTS.googleUrl)}\``, 'port (0 = a free one)'),
  STRIPE_EMULATOR_PORT: setting(port, 'local stack: the Stripe emulator (API, hosted checkout, portal, webhooks)', `\`${portOf(LOCAL_DEFAULTS.stripeUrl)}\``, 'port (0 = a free one)'),
  STACK_HOST: setting(text, 'local stack: the address it listens on', '`127.0.0.1`', 'host name or IP address'),
  STACK_DATA_DIR: setting(text, 'local stack: PGlite files, stored objects, outbox, keys (relative to the repository)', '`.local-stack/`', 'folder'),
  DATABASE_URL: setting(postgresUrl, 'local stack: use this PostgreSQL instead of embedded PGlite', 'unset (PGlite)', '`postgres://` connection URL'),
  STACK_DEMO_KEYS: setting(flag, "local stack: use the Supabase CLI's public demo keys instead of this installation's own (`<STACK_DATA_DIR>/keys.json`, generated on first start) — tests only", '`false`', 'true or false'),
  SUPABASE_FUNCTIONS_DIR: setting(text, 'local stack: the edge-functions folder served at `/functions/v1/<name>` (relative to the repository)', '`supabase/functions`', 'folder'),
  STACK_ALLOWED_HOSTS: setting(list, "local stack and `npm start`'s hosts: extra host names answered (LAN name of a home server); others get 421", 'loopback only', 'comma-separated host names'),
  STACK_ANON_STATEMENT_TIMEOUT_MS: setting(millis, 'local stack: statement timeout of the `anon` role', '`3000`', `${MILLIS} (0 = none)`),
  STACK_AUTHENTICATED_STATEMENT_TIMEOUT_MS: setting(millis, 'local stack: statement timeout of the `authenticated` role', '`8000`', `${MILLIS} (0 = none)`),
  STACK_SERVICE_ROLE_STATEMENT_TIMEOUT_MS: setting(millis, 'local stack: statement timeout of the `service_role` role', '`0` (none)', `${MILLIS} (0 = none)`),
  STACK_ANON_YIELD_MS: setting(millis, 'local stack on PGlite: an anonymous statement running this long is cut off while signed-in work waits (ADR 0210)', '`250`', `${MILLIS} (0 = never)`),
  SITE_URL: setting(url, "local stack auth: the app's address, where auth redirects and mail links go (passed to the functions as theirs)", '`http://127.0.0.1:4200` (`npm start`: the shell\'s)', 'absolute http(s) URL'),
  ADDITIONAL_REDIRECT_URLS: setting(list, 'local stack auth: extra `redirect_to` targets besides `SITE_URL` (`*` suffix = prefix)', 'unset', 'comma-separated URLs'),
  CORS_ORIGINS: setting(list, "local stack: the origins granted CORS (passed to the functions as `APP_ORIGINS`)", "the app's loopback ports", 'comma-separated origins'),
  ENABLE_EMAIL_CONFIRMATIONS: setting(flag, 'local stack auth: a new account must confirm its e-mail address', '`false`', 'true or false'),
  GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD: setting(flag, 'local stack auth: a new password needs the current one', '`true`', 'true or false'),
  GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: setting(flag, 'local stack auth: a new password needs a reauthentication nonce (over `[auth.email] secure_password_change`)', 'supabase/config.toml, else `false`', 'true or false'),
  GOTRUE_EXTERNAL_ANONYMOUS_USERS_ENABLED: setting(flag, 'local stack auth: anonymous sign-ins (over `[auth] enable_anonymous_sign_ins`)', 'supabase/config.toml, else `false`', 'true or false'),
  GOTRUE_OAUTH_SERVER_ENABLED: setting(flag, 'local stack auth: the OAuth 2.1 server (over `[auth.oauth_server] enabled`)', 'supabase/config.toml, else `false`', 'true or false'),
  GOTRUE_JWT_KEYS: setting(text, "local stack auth: the signing keys (GoTrue's JSON array of JWKs), over `[auth] signing_keys_path`", '`<STACK_DATA_DIR>/signing-keys.json`, generated on first start', 'JSON array of JWKs'),
  AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: setting(count('requests'), 'local stack auth: sign-ins and sign-ups per address per 5 minutes', 'supabase/config.toml, else `30`', 'whole number (1 or more)'),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: setting(count('requests'), 'local stack auth: token refreshes per address per 5 minutes', 'supabase/config.toml, else `150`', 'whole number (1 or more)'),
  AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: setting(count('requests'), 'local stack auth: `/verify` calls per address per 5 minutes', 'supabase/config.toml, else `30`', 'whole number (1 or more)'),
  AUTH_RATE_LIMIT_EMAIL_SENT: setting(count('e-mails'), 'local stack auth: e-mails sent per address per hour', 'supabase/config.toml (`2`), else `30`', 'whole number (1 or more)'),
  AUTH_RATE_LIMIT_ANONYMOUS_USERS: setting(count('users'), 'local stack auth: anonymous users per address per hour', 'supabase/config.toml, else `30`', 'whole number (1 or more)'),
  SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID: setting(text, 'local stack auth: "Continue with Google"\'s OAuth client (config.toml\'s `env(…)` name)', '`GOOGLE_CLIENT_ID`, else the emulator\'s client', 'OAuth client id'),
  SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET: setting(text, 'local stack auth: that client\'s secret', '`GOOGLE_CLIENT_SECRET`, else the emulator\'s', 'OAuth client secret'),
  GOOGLE_CLIENT_ID: setting(text, 'local stack auth and the `drive-token` function (Drive\'s server-side grant)', "the emulator's client", 'OAuth client id'),
  GOOGLE_CLIENT_SECRET: setting(text, 'local stack auth and the `drive-token` function', "the emulator's secret", 'OAuth client secret'),
  GOOGLE_TOKEN_URL: setting(url, "the `drive-token` function: Google's token endpoint", "local stack: the emulator's `/token`; hosted: Google's", 'absolute http(s) URL'),
  STORAGE_S3_REGION: setting(text, 'local stack: store files in an S3-compatible bucket; when one `STORAGE_S3_*` is set the four are required, and start-up stops naming the missing one', 'unset (a local folder)', 'region'),
  STORAGE_S3_ACCESS_KEY_ID: setting(text, 'local stack S3 storage: the access key', 'unset', 'access key id'),
  STORAGE_S3_SECRET_ACCESS_KEY: setting(text, 'local stack S3 storage: its secret', 'unset', 'secret access key'),
  STORAGE_S3_BUCKET: setting(text, 'local stack S3 storage: the bucket', 'unset', 'bucket name'),
  STORAGE_S3_ENDPOINT: setting(url, 'local stack S3 storage: an S3-compatible service (MinIO, …), path-style', "AWS's", 'absolute http(s) URL'),
  STORAGE_FILE_SIZE_LIMIT: setting(size, 'local stack storage: the largest object any bucket accepts', 'supabase/config.toml, else 50 MiB', 'size (`50MiB`, `5MB`, bytes)'),
  STRIPE_SECRET_KEY: setting(text, 'local stack: the payment functions use Stripe itself (e.g. test mode) with this key instead of the emulator', 'unset (the emulator)', 'Stripe secret key'),
  STRIPE_WEBHOOK_SECRET: setting(text, "local stack: with `STRIPE_SECRET_KEY`, the webhook endpoint's signing secret", 'unset', '`whsec_…`'),
  STRIPE_API_HOST: setting(text, 'local stack: with `STRIPE_SECRET_KEY`, another Stripe API host', "Stripe's", 'host name'),
  STRIPE_API_PORT: setting(port, 'local stack: with `STRIPE_SECRET_KEY`, its port', "Stripe's", 'port'),
  STRIPE_API_PROTOCOL: setting(oneOf(['http', 'https'] as const), 'local stack: with `STRIPE_SECRET_KEY`, its protocol', '`https`', '`http` or `https`'),
  STRIPE_EMULATOR_SECRET_KEY: setting(text, "local stack: the Stripe emulator's secret key", '`sk_test_dossier_local_emulator`', 'any'),
  STRIPE_EMULATOR_WEBHOOK_SECRET: setting(text, "local stack: the Stripe emulator's webhook signing secret", 'a new one per start', '`whsec_…`'),
  STRIPE_EMULATOR_WEBHOOK_URL: setting(url, 'local stack: where the Stripe emulator delivers webhooks', 'the stack\'s `stripe-webhook` function', 'absolute http(s) URL'),
  STRIPE_EMULATOR_RETRY_DELAYS_MS: setting(list, "local stack: the Stripe emulator's webhook retry back-off", '`1000,5000,30000,120000,600000`', 'comma-separated milliseconds'),
  MAIL_LOCALE: setting(locale, 'product mail (`deliver-mail` and the local outbox): the language its dates are written in, for a person whose own is not known', '`en-GB`', 'BCP 47 language tag'),
  MAIL_TIME_ZONE: setting(timeZone, 'product mail: the time zone of its dates, likewise', '`UTC`', 'IANA time zone'),
  SCHEDULER_TICK_MS: setting(millis, 'local stack job scheduler: how often it looks for due jobs', '`5000`', `${MILLIS} (0 = only when asked)`),
  SCHEDULER_TEST_CONTROLS: setting(flag, 'local stack job scheduler: `POST /scheduler/v1/clock` may move its clock (end-to-end tests)', '`false`', 'true or false'),
  BACKUP_DIR: setting(text, 'local stack: where `npm run backup` and the schedule write archives', '`<STACK_DATA_DIR>/backups`', 'folder'),
  BACKUP_SCHEDULE: setting(period, 'local stack: back up on a schedule', 'no schedule', '`hourly`, `daily`, `weekly` or `<n>m`, `<n>h`, `<n>d`'),
  BACKUP_KEEP: setting(count('archives to keep'), 'local stack: how many scheduled archives to keep', '`7`', 'whole number (1 or more)'),
  DOSSIER_MODE: setting(oneOf(['development', 'production'] as const), "`npm start`: `production` refuses every development default (demo keys, loopback CORS and site URL, test controls) and needs `PUBLIC_API_URL` ([docs/self-host.md](self-host.md)); `NODE_ENV=production` means it too", '`development`', '`development` or `production`'),
  PUBLIC_API_URL: setting(url, "`npm start`: the API's public address behind a reverse proxy (e-mail links, app-config)", "the local stack's address", 'absolute http(s) URL'),
} satisfies Record<string, Setting<v.GenericSchema<string, unknown>>>;

const stack = readerOf(STACK_SETTINGS);
export const StackSettingsSchema = stack.schema;
export type StackSettings = v.InferOutput<typeof StackSettingsSchema>;
/** The local stack's settings from an environment: empty counts as unset; a wrong value throws SettingsError naming it. */
export const parseStackSettings: (env: Record<string, string | undefined>) => StackSettings = stack.parse;
