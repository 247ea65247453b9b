import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { StackConfig } from './context.js';
import { DEFAULT_ANON_YIELD_MS } from './db/request-settings.js';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from './keys.js';
import { StackConfigError, findRepoRoot } from './repo-root.js';
import { LOCAL_DEFAULTS, REMOTE_DEFAULT_PORTS } from './static-host/registry.js';

export { StackConfigError, findRepoRoot } from './repo-root.js';

/** The origins of the shell and the remotes (the registry's ports), under both loopback spellings. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = [LOCAL_DEFAULTS.shellPort, ...Object.values(REMOTE_DEFAULT_PORTS)].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

/** The port of one of the registry's local addresses (the API, the emulators). */
const registryPort = (url: string) => Number(new URL(url).port);

const S3_VARIABLES = {
  region: 'STORAGE_S3_REGION',
  accessKeyId: 'STORAGE_S3_ACCESS_KEY_ID',
  secretAccessKey: 'STORAGE_S3_SECRET_ACCESS_KEY',
  bucket: 'STORAGE_S3_BUCKET',
} as const;

function port(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new StackConfigError(`${name} must be a port number (0-65535), got "${value}"`);
  return n;
}

function millis(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new StackConfigError(`${name} must be a whole number of milliseconds (0 = no limit), got "${value}"`);
  return n;
}

function list(value: string | undefined): string[] | undefined {
  if (!value) return undefined;
  return value.split(',').map((v) => v.trim()).filter(Boolean);
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return /^(1|true|yes|on)$/i.test(value);
}

function storageFromEnv(env: NodeJS.ProcessEnv, dataDir: string): StackConfig['storage'] {
  const endpoint = env.STORAGE_S3_ENDPOINT || undefined;
  const anyS3 = endpoint !== undefined || Object.values(S3_VARIABLES).some((name) => env[name]);
  if (!anyS3) return { kind: 'local', root: path.join(dataDir, 'storage') };
  // Choosing S3 half-way would silently write files to the wrong place: every variable is required.
  for (const name of Object.values(S3_VARIABLES)) {
    if (!env[name]) throw new StackConfigError(`S3 storage is configured but ${name} is missing; set it or unset every STORAGE_S3_* variable to use the local directory`);
  }
  return {
    kind: 's3',
    region: env[S3_VARIABLES.region]!,
    accessKeyId: env[S3_VARIABLES.accessKeyId]!,
    secretAccessKey: env[S3_VARIABLES.secretAccessKey]!,
    bucket: env[S3_VARIABLES.bucket]!,
    endpoint,
    // A custom endpoint (MinIO, s3rver, …) almost always wants path-style addressing.
    forcePathStyle: endpoint !== undefined,
  };
}

/**
 * The stack's configuration: Supabase CLI defaults, then environment variables, then `overrides`
 * (tests and startStack callers). Throws StackConfigError for an unusable combination.
 */
export function loadConfig(overrides: Partial<StackConfig> = {}, env: NodeJS.ProcessEnv = process.env): StackConfig {
  const root = findRepoRoot();
  const host = overrides.host ?? env.STACK_HOST ?? '127.0.0.1';
  const apiPort = overrides.port ?? port(env.SUPABASE_PORT ?? env.STACK_PORT, 'SUPABASE_PORT/STACK_PORT', registryPort(LOCAL_DEFAULTS.supabaseUrl));
  const googlePort = overrides.googlePort ?? port(env.GOOGLE_EMULATOR_PORT, 'GOOGLE_EMULATOR_PORT', registryPort(LOCAL_DEFAULTS.googleUrl));
  const stripePort = overrides.stripePort ?? port(env.STRIPE_EMULATOR_PORT, 'STRIPE_EMULATOR_PORT', registryPort(LOCAL_DEFAULTS.stripeUrl));
  const dataDir = path.resolve(root, overrides.dataDir ?? env.STACK_DATA_DIR ?? '.local-stack');
  const demoKeys = overrides.demoKeys ?? flag(env.STACK_DEMO_KEYS) ?? false;
  const corsOrigins =
    overrides.corsOrigins ??
    (env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean) : [...DEFAULT_CORS_ORIGINS]);
  const config: StackConfig = {
    host,
    port: apiPort,
    publicUrl: `http://${host}:${apiPort}`,
    googlePort,
    googleUrl: `http://${host}:${googlePort}`,
    // Filled in by startStack from <dataDir>/keys.json unless the demo keys are asked for.
    jwtSecret: demoKeys ? DEMO_JWT_SECRET : '',
    anonKey: demoKeys ? DEMO_ANON_KEY : '',
    serviceRoleKey: demoKeys ? DEMO_SERVICE_ROLE_KEY : '',
    demoKeys,
    allowedHosts: list(env.STACK_ALLOWED_HOSTS) ?? [],
    statementTimeoutMs: {
      anon: millis(env.STACK_ANON_STATEMENT_TIMEOUT_MS, 'STACK_ANON_STATEMENT_TIMEOUT_MS', 3000),
      authenticated: millis(env.STACK_AUTHENTICATED_STATEMENT_TIMEOUT_MS, 'STACK_AUTHENTICATED_STATEMENT_TIMEOUT_MS', 8000),
      service_role: millis(env.STACK_SERVICE_ROLE_STATEMENT_TIMEOUT_MS, 'STACK_SERVICE_ROLE_STATEMENT_TIMEOUT_MS', 0),
    },
    anonYieldMs: millis(env.STACK_ANON_YIELD_MS, 'STACK_ANON_YIELD_MS', DEFAULT_ANON_YIELD_MS),
    redirectUrls: list(env.ADDITIONAL_REDIRECT_URLS) ?? [],
    stripePort,
    stripeUrl: `http://${host}:${stripePort}`,
    stripe: {
      secretKey: env.STRIPE_EMULATOR_SECRET_KEY || 'sk_test_dossier_local_emulator',
      webhookSecret: env.STRIPE_EMULATOR_WEBHOOK_SECRET || `whsec_${randomBytes(24).toString('base64url')}`,
    },
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    supabaseDir: path.join(root, 'supabase'),
    functionsDir: env.SUPABASE_FUNCTIONS_DIR ? path.resolve(root, env.SUPABASE_FUNCTIONS_DIR) : undefined,
    corsOrigins,
    enableEmailConfirmations: flag(env.ENABLE_EMAIL_CONFIRMATIONS) ?? false,
    siteUrl: env.SITE_URL ?? 'http://127.0.0.1:4200',
    storage: overrides.storage ?? storageFromEnv(env, dataDir),
    maxJsonBodyBytes: 2 * 1024 * 1024,
    maxUserMetadataBytes: 4096,
    schedulerTickMs: env.SCHEDULER_TICK_MS !== undefined ? Number(env.SCHEDULER_TICK_MS) : 5_000,
    schedulerTestControls: flag(env.SCHEDULER_TEST_CONTROLS) ?? false,
    ...overrides,
  };
  // publicUrl / googleUrl follow host and ports unless given explicitly.
  if (!overrides.publicUrl) config.publicUrl = `http://${config.host}:${config.port}`;
  if (!overrides.googleUrl) config.googleUrl = `http://${config.host}:${config.googlePort}`;
  if (!overrides.stripeUrl) config.stripeUrl = `http://${config.host}:${config.stripePort}`;
  config.dataDir = dataDir;
  return config;
}
