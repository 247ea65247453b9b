import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { lingerOnClose } from './http/lingering-close.js';
import type { Hono } from 'hono';
import { loadConfig, findRepoRoot } from './config.js';
import type { StackConfig, StackContext } from './context.js';
import type { Database } from './db/types.js';
import type { ManagedDatabase } from './db/request-settings.js';
import { openPglite } from './db/pglite.js';
import { openPostgres } from './db/postgres.js';
import { loadSigningKeys } from './auth/signing-keys.js';
import { createJwtService } from './http/jwt.js';
import { applyBootstrap, applyMigrations } from './migrations/runner.js';
import { buildApiApp } from './http/api-app.js';
import { createGoogleEmulator } from './google/index.js';
import { hostAllowList, MISDIRECTED_MESSAGE } from './http/host-check.js';
import { DEMO_KEYS, loadOrCreateKeys } from './installation-keys.js';
import { createStripeEmulator, type StripeEmulator } from './stripe/index.js';
import { createScheduler, type Scheduler } from './scheduler/index.js';
import { createBackupRunner, type BackupRunner } from './backup/schedule.js';
import { createBackupApp } from './backup/routes.js';
import { backupSettings } from './backup/settings.js';
import { settingsOf } from './settings.js';

export interface StartedStack {
  /** Base URL of the Supabase-compatible API (what `createClient` takes). */
  url: string;
  googleUrl: string;
  /** Base URL of the Stripe emulator (what the `stripe` SDK's host/port/protocol point at). */
  stripeUrl: string;
  stripe: StripeEmulator;
  anonKey: string;
  serviceRoleKey: string;
  config: StackConfig;
  db: Database;
  /** The job scheduler (trash purge, account deletion, storage sweeper, mail): run a job now, move its clock. */
  scheduler: Scheduler;
  /** Stops accepting, lets in-flight requests finish, then closes the database durably. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Where request lines and notices go (default: stdout). */
  log?: (line: string) => void;
}

/** Where the bootstrap SQL (roles, schemas, auth.users, …) lives in the repository. */
export function bootstrapDir(): string {
  return path.join(findRepoRoot(), 'local-stack', 'src', 'db', 'bootstrap');
}

export async function openDatabase(config: StackConfig): Promise<ManagedDatabase> {
  const statementTimeoutMs = config.statementTimeoutMs;
  return config.databaseUrl ? openPostgres(config.databaseUrl, { statementTimeoutMs }) : openPglite(path.join(config.dataDir, 'db'), { statementTimeoutMs, anonYieldMs: config.anonYieldMs });
}

/** Bootstrap, then pending migrations; seed.sql once, on a database that had no migrations yet. */
export async function prepareDatabase(db: ManagedDatabase, config: StackConfig, log: (line: string) => void): Promise<void> {
  await applyBootstrap(db, bootstrapDir());
  const before = await db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations'));
  const applied = await applyMigrations(db, path.join(config.supabaseDir, 'migrations'));
  for (const m of applied) log(`migration applied: ${m.version}_${m.name}`);
  const seed = path.join(config.supabaseDir, 'seed.sql');
  if (before.rows[0].n === 0 && applied.length > 0 && existsSync(seed)) {
    await db.runScript(readFileSync(seed, 'utf8'));
    log('seed.sql applied');
  }
}

interface Listening {
  server: Server;
  port: number;
  setApp(app: Hono): void;
  close(): Promise<void>;
  inFlight(): number;
}

/**
 * Listens before the app exists, so that port 0 can be resolved to the real port and written
 * into the config the services are built with (redirect URLs, issuer, …).
 */
async function listen(host: string, port: number, hostAllowed: (header: string | null) => boolean): Promise<Listening> {
  let app: Hono | null = null;
  let active = 0;
  const server = createAdaptorServer({
    fetch: async (req: Request, env: unknown) => {
      if (!hostAllowed(req.headers.get('host'))) {
        return Response.json({ code: '421', message: MISDIRECTED_MESSAGE, details: null, hint: null }, { status: 421, headers: { connection: 'close' } });
      }
      if (!app) return new Response('starting', { status: 503 });
      active++;
      try {
        return await app.fetch(req, env);
      } finally {
        active--;
      }
    },
  }) as Server;
  lingerOnClose(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    setApp: (a) => (app = a),
    inFlight: () => active,
    close: () =>
      new Promise<void>((resolve) => {
        // close() stops accepting; in-flight requests finish; idle keep-alive sockets are closed.
        server.close(() => resolve());
        server.closeIdleConnections();
        const timer = setInterval(() => {
          if (active === 0) {
            server.closeAllConnections();
            clearInterval(timer);
          }
        }, 20);
        timer.unref();
      }),
  };
}

export async function startStack(overrides: Partial<StackConfig> = {}, options: StartOptions = {}): Promise<StartedStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  const config = loadConfig(overrides);
  // A secret given by the caller (tests, the demo keys) means no generated signing key either:
  // sessions stay HS256 unless GOTRUE_JWT_KEYS or [auth] signing_keys_path names keys.
  const ownKeys = !config.jwtSecret && !config.demoKeys;
  if (!config.jwtSecret) {
    const { keys, created, file } = config.demoKeys ? { keys: DEMO_KEYS, created: false, file: undefined } : loadOrCreateKeys(config.dataDir);
    Object.assign(config, keys, { keysCreated: created, keysFile: file });
  }
  config.signingKeys ??= loadSigningKeys({ dataDir: config.dataDir, supabaseDir: config.supabaseDir, generate: ownKeys }, settingsOf(config));
  const hostAllowed = hostAllowList(config.host, config.allowedHosts);
  const backupConfig = backupSettings(settingsOf(config), config.dataDir);
  const db = await openDatabase(config);
  let api: Listening | undefined;
  let google: Listening | undefined;
  let stripeServer: Listening | undefined;
  let stripe: StripeEmulator | undefined;
  let scheduler: Scheduler | undefined;
  let backups: BackupRunner | undefined;
  try {
    await prepareDatabase(db, config, log);
    api = await listen(config.host, config.port, hostAllowed);
    google = await listen(config.host, config.googlePort, hostAllowed);
    stripeServer = await listen(config.host, config.stripePort ?? 54340, hostAllowed);
    config.port = api.port;
    config.googlePort = google.port;
    config.stripePort = stripeServer.port;
    if (!overrides.stripeUrl) config.stripeUrl = `http://${config.host}:${stripeServer.port}`;
    if (!overrides.publicUrl) config.publicUrl = `http://${config.host}:${api.port}`;
    if (!overrides.googleUrl) config.googleUrl = `http://${config.host}:${google.port}`;
    const ctx: StackContext = { db, jwt: createJwtService(config.jwtSecret, config.signingKeys), config, log };
    scheduler = await createScheduler(ctx, { tickMs: config.schedulerTickMs });
    ctx.scheduler = scheduler;
    backups = createBackupRunner(ctx, backupConfig);
    const apiApp = buildApiApp(ctx);
    apiApp.route('/backup/v1', createBackupApp(ctx, backups));
    api.setApp(apiApp);
    google.setApp(createGoogleEmulator(ctx));
    stripe = createStripeEmulator(ctx, config.stripe!);
    stripeServer.setApp(stripe.app);
  } catch (e) {
    await backups?.stop();
    await scheduler?.stop();
    await api?.close();
    await google?.close();
    await stripeServer?.close();
    await db.close();
    throw e;
  }
  let stopping: Promise<void> | null = null;
  const servers = [api, google, stripeServer];
  const emulator = stripe!;
  return {
    url: config.publicUrl,
    googleUrl: config.googleUrl,
    stripeUrl: config.stripeUrl!,
    stripe: emulator,
    anonKey: config.anonKey,
    serviceRoleKey: config.serviceRoleKey,
    config,
    db,
    scheduler: scheduler!,
    stop() {
      stopping ??= (async () => {
        emulator.stop();
        await backups!.stop();
        await scheduler!.stop();
        await Promise.all(servers.map((s) => s.close()));
        await db.close();
      })();
      return stopping;
    },
  };
}
