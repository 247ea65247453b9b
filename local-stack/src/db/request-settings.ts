import type { Database, DbRole, Queryable, RequestAuth } from './types.js';

/** What start.ts gets from an adapter: the shared Database plus running multi-statement SQL scripts. */
export interface ManagedDatabase extends Database {
  /** Runs a whole SQL script (several statements, no parameters) in one transaction as the owner. */
  runScript(sql: string, after?: (q: Queryable) => Promise<void>): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (PostgREST reloads its schema cache on `NOTIFY pgrst`). */
  listen(channel: string, onMessage: (payload: string) => void): Promise<void>;
}

/** True when `db` can deliver notifications (the adapters here can; a test double may not). */
export function canListen(db: Database): db is ManagedDatabase {
  return typeof (db as Partial<ManagedDatabase>).listen === 'function';
}

/**
 * The one statement that turns a transaction into "this request", as PostgREST does it:
 * the role (equivalent to SET LOCAL ROLE), the verified claims as `request.jwt.claims`, the
 * legacy per-claim settings (`request.jwt.claim.sub`, …) that older policies still read, the
 * request headers, method and path, and the role's statement_timeout. All values are parameters; `true` makes each one local to
 * the transaction, so nothing leaks to the next request on the same connection.
 */
export const REQUEST_SETTINGS_SQL = `select
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true),
  set_config('request.jwt.claim.role', $1, true),
  set_config('request.jwt.claim.email', $4, true),
  set_config('request.headers', $5, true),
  set_config('request.method', $6, true),
  set_config('request.path', $7, true),
  set_config('statement_timeout', $8, true)`;

/** PGlite: how long an anonymous statement may run while signed-in work waits behind it (ADR 0210). */
export const DEFAULT_ANON_YIELD_MS = 250;

/** Statement time limits per role in milliseconds (0 = none), as Supabase sets them on the roles. */
export type StatementTimeouts = Partial<Record<DbRole, number>>;

export function statementTimeoutOf(timeouts: StatementTimeouts | undefined, role: DbRole): number {
  return timeouts?.[role] ?? 0;
}

export function requestSettingsParams(auth: RequestAuth, statementTimeoutMs = 0): string[] {
  const claims = auth.claims ?? {};
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return [
    auth.role,
    JSON.stringify(claims),
    str(claims.sub),
    str(claims.email),
    JSON.stringify(auth.headers ?? {}),
    auth.method ?? '',
    auth.path ?? '',
    String(statementTimeoutMs),
  ];
}

/** Counts work in flight so close() can wait for it: a committed write is never cut off. */
export class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];
  closed = false;

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('the database is closed');
    this.count++;
    try {
      return await fn();
    } finally {
      this.count--;
      if (this.count === 0) for (const w of this.waiters.splice(0)) w();
    }
  }

  /** Refuses new work, then resolves once everything already started has finished. */
  drain(): Promise<void> {
    this.closed = true;
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
