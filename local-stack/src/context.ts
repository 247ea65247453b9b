import type { Database } from './db/types.js';
import type { JwtService } from './http/jwt.js';
import type { Scheduler } from './scheduler/index.js';

/** Everything a service of the stack needs, built once in main.ts and passed to each router. */
export interface StackContext {
  db: Database;
  jwt: JwtService;
  config: StackConfig;
  log: (line: string) => void;
  /** The job scheduler (set by startStack before the API is built). */
  scheduler?: Scheduler;
}

export interface StackConfig {
  host: string; // 127.0.0.1
  port: number; // 54321
  publicUrl: string; // http://127.0.0.1:54321
  googlePort: number; // 54330
  googleUrl: string; // http://127.0.0.1:54330
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Where PGlite data, stored files and the outbox live: <repo>/.local-stack by default. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** Absolute path of the repo's supabase/ folder (migrations, functions, seed.sql). */
  supabaseDir: string;
  /** Origins allowed by CORS (the shell and the remotes). */
  corsOrigins: string[];
  /** Auth: confirm e-mail before sign-in is possible (default false: auto-confirm). */
  enableEmailConfirmations: boolean;
  /** Where auth e-mails go after sign-up / recover: redirect base of the app (http://127.0.0.1:4200). */
  siteUrl: string;
  storage:
    | { kind: 'local'; root: string }
    | { kind: 's3'; region: string; accessKeyId: string; secretAccessKey: string; bucket: string; endpoint?: string; forcePathStyle?: boolean };
  /** Max request body for JSON endpoints (bytes). */
  maxJsonBodyBytes: number;
  /** How often the job scheduler looks for due jobs (ms; 0: only when asked). */
  schedulerTickMs: number;
  /** Lets POST /scheduler/v1/clock move the scheduler's clock forward (end-to-end tests only). */
  schedulerTestControls: boolean;
}
