import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { StackConfig } from './context.js';
import { DEFAULT_ANON_YIELD_MS } from './db/request-settings.js';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from './keys.js';
import { StackConfigError, findRepoRoot } from './repo-root.js';
import { readStackSettings, type Environment, type StackSettings } from './settings.js';
import { LOCAL_DEFAULTS, REMOTE_DEFAULT_PORTS } from './static-host/registry.js';

export { StackConfigError, findRepoRoot } from './repo-root.js';

/** The origins of the shell and the remotes (the registry's ports), under both loopback spellings. */
export const DEFAULT_CORS_ORIGINS: readonly string[] = [LOCAL_DEFAULTS.shellPort, ...Object.values(REMOTE_DEFAULT_PORTS)].flatMap((port) => [
  `http://127.0.0.1:${port}`,
  `http://localhost:${port}`,
]);

/** The port of one of the registry's local addresses (the API, the emulators). */
const registryPort = (url: string) => Number(new URL(url).port);

const S3_VARIABLES = ['STORAGE_S3_REGION', 'STORAGE_S3_ACCESS_KEY_ID', 'STORAGE_S3_SECRET_ACCESS_KEY', 'STORAGE_S3_BUCKET'] as const;

function storageFrom(settings: StackSettings, dataDir: string): StackConfig['storage'] {
  const endpoint = settings.STORAGE_S3_ENDPOINT;
  const anyS3 = endpoint !== undefined || S3_VARIABLES.some((name) => settings[name]);
  if (!anyS3) return { kind: 'local', root: path.join(dataDir, 'storage') };
  // Choosing S3 half-way would silently write files to the wrong place: every variable is required.
  for (const name of S3_VARIABLES) {
    if (!settings[name]) throw new StackConfigError(`S3 storage is configured but ${name} is missing; set it or unset every STORAGE_S3_* variable to use the local directory`);
  }
  return {
    kind: 's3',
    region: settings.STORAGE_S3_REGION!,
    accessKeyId: settings.STORAGE_S3_ACCESS_KEY_ID!,
    secretAccessKey: settings.STORAGE_S3_SECRET_ACCESS_KEY!,
    bucket: settings.STORAGE_S3_BUCKET!,
    endpoint,
    // A custom endpoint (MinIO, s3rver, …) almost always wants path-style addressing.
    forcePathStyle: endpoint !== undefined,
  };
}

/**
 * The stack's configuration: Supabase CLI defaults, then the environment's settings, then `overrides`
 * (tests and startStack callers). Throws StackConfigError for an unusable combination.
 */
export function loadConfig(overrides: Partial<StackConfig> = {}, env?: Environment): StackConfig {
  const root = findRepoRoot();
  // Every variable is read and checked here, against the one schema (ADR 0481).
  const settings = readStackSettings(env);
  const host = overrides.host ?? settings.STACK_HOST ?? '127.0.0.1';
  const apiPort = overrides.port ?? settings.SUPABASE_PORT ?? settings.STACK_PORT ?? registryPort(LOCAL_DEFAULTS.supabaseUrl);
  const googlePort = overrides.googlePort ?? settings.GOOGLE_EMULATOR_PORT ?? registryPort(LOCAL_DEFAULTS.googleUrl);
  const stripePort = overrides.stripePort ?? settings.STRIPE_EMULATOR_PORT ?? registryPort(LOCAL_DEFAULTS.stripeUrl);
  const dataDir = path.resolve(root, overrides.dataDir ?? settings.STACK_DATA_DIR ?? '.local-stack');
  const demoKeys = overrides.demoKeys ?? settings.STACK_DEMO_KEYS ?? false;
  const corsOrigins = overrides.corsOrigins ?? settings.CORS_ORIGINS ?? [...DEFAULT_CORS_ORIGINS];
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
    allowedHosts: settings.STACK_ALLOWED_HOSTS ?? [],
    statementTimeoutMs: {
      anon: settings.STACK_ANON_STATEMENT_TIMEOUT_MS ?? 3000,
      authenticated: settings.STACK_AUTHENTICATED_STATEMENT_TIMEOUT_MS ?? 8000,
      service_role: settings.STACK_SERVICE_ROLE_STATEMENT_TIMEOUT_MS ?? 0,
    },
    anonYieldMs: settings.STACK_ANON_YIELD_MS ?? DEFAULT_ANON_YIELD_MS,
    redirectUrls: settings.ADDITIONAL_REDIRECT_URLS ?? [],
    stripePort,
    stripeUrl: `http://${host}:${stripePort}`,
    stripe: {
      secretKey: settings.STRIPE_EMULATOR_SECRET_KEY ?? 'sk_test_dossier_local_emulator',
      webhookSecret: settings.STRIPE_EMULATOR_WEBHOOK_SECRET ?? `whsec_${randomBytes(24).toString('base64url')}`,
    },
    dataDir,
    databaseUrl: settings.DATABASE_URL,
    supabaseDir: path.join(root, 'supabase'),
    functionsDir: settings.SUPABASE_FUNCTIONS_DIR ? path.resolve(root, settings.SUPABASE_FUNCTIONS_DIR) : undefined,
    corsOrigins,
    enableEmailConfirmations: settings.ENABLE_EMAIL_CONFIRMATIONS ?? false,
    siteUrl: settings.SITE_URL ?? 'http://127.0.0.1:4200',
    storage: overrides.storage ?? storageFrom(settings, dataDir),
    maxJsonBodyBytes: 2 * 1024 * 1024,
    maxUserMetadataBytes: 4096,
    schedulerTickMs: settings.SCHEDULER_TICK_MS ?? 5_000,
    schedulerTestControls: settings.SCHEDULER_TEST_CONTROLS ?? false,
    settings,
    ...overrides,
  };
  // publicUrl / googleUrl follow host and ports unless given explicitly.
  if (!overrides.publicUrl) config.publicUrl = `http://${config.host}:${config.port}`;
  if (!overrides.googleUrl) config.googleUrl = `http://${config.host}:${config.googlePort}`;
  if (!overrides.stripeUrl) config.stripeUrl = `http://${config.host}:${config.stripePort}`;
  config.dataDir = dataDir;
  return config;
}
