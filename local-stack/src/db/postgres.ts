import pg from 'pg';
import type { Queryable, QueryResult, RequestAuth } from './types.js';
import { InFlight, type ManagedDatabase, REQUEST_SETTINGS_SQL, requestSettingsParams, statementTimeoutOf, type StatementTimeouts } from './request-settings.js';

/**
 * REQUEST_SETTINGS_SQL with its parameters as literals, so it can share a round trip with BEGIN.
 * escapeLiteral is node-postgres's quoting for exactly this (doubles quotes, E'' for backslashes).
 */
function inlineSettings(client: pg.PoolClient, params: string[]): string {
  return REQUEST_SETTINGS_SQL.replace(/\$(\d)/g, (_, n: string) => client.escapeLiteral(params[Number(n) - 1]));
}

function wrap(client: pg.PoolClient): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await client.query(sql, params);
      return {
        rows: r.rows as R[],
        fields: (r.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: r.command === 'SELECT' ? 0 : (r.rowCount ?? 0),
      };
    },
  };
}

/**
 * A counting semaphore, first come first served. Anonymous requests take a slot before they take
 * a pooled connection, so however many hostile anonymous queries run, some connections stay free
 * for signed-in people and the stack's own work (issue #10: 21 such requests exhausted the pool).
 * `waitMs` bounds the wait: a caller still without a slot then gets `onTimeout()`'s error instead.
 */
export class Slots {
  private waiters: Array<() => void> = [];
  constructor(private free: number) {}

  async run<T>(fn: () => Promise<T>, waitMs?: number, onTimeout?: () => Error): Promise<T> {
    if (this.free > 0) this.free--;
    else {
      await new Promise<void>((resolve, reject) => {
        const waiter = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
        const timer =
          waitMs === undefined
            ? undefined
            : setTimeout(() => {
                this.waiters = this.waiters.filter((w) => w !== waiter);
                reject(onTimeout?.() ?? new Error('no free slot'));
              }, waitMs);
        this.waiters.push(waiter);
      });
    }
    try {
      return await fn();
    } finally {
      const next = this.waiters.shift();
      if (next) next();
      else this.free++;
    }
  }
}

/**
 * The anonymous time limit is the request's whole budget, the wait for a connection included
 * (issue 25 §4, ADR 0314): of 21 slow anonymous requests at once, those queued behind the others
 * used to run their full 3 s only after waiting theirs, 8 s and more in all.
 */
function anonBudgetSpent(limitMs: number): Error {
  return Object.assign(new Error('canceling statement due to statement timeout'), {
    code: '57014',
    hint: `An anonymous request has ${limitMs} ms in all, waiting for a free connection included`,
  });
}

/** PostgreSQL through a node-postgres pool (used when DATABASE_URL is set). */
export async function openPostgres(connectionString: string, options: { max?: number; statementTimeoutMs?: StatementTimeouts } = {}): Promise<ManagedDatabase & { pool: pg.Pool }> {
  const max = options.max ?? 20;
  const pool = new pg.Pool({ connectionString, max });
  // A quarter of the pool (at least one connection) is never given to anonymous requests.
  const anonSlots = new Slots(Math.max(1, max - Math.max(1, Math.floor(max / 4))));
  // An idle client's error (server restart, …) must not crash the stack; the next query reconnects.
  pool.on('error', () => undefined);
  // Fail fast on a wrong URL rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const inFlight = new InFlight();
  // LISTEN needs a session of its own, outside the pool.
  const listeners: pg.Client[] = [];

  async function inTransaction<T>(setup: ((c: pg.PoolClient) => string) | null, fn: (q: Queryable) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    // The client went away: cancel what its backend is running (statement_timeout bounds the rest).
    const pid = (client as unknown as { processID?: number }).processID;
    const onAbort = () => void pool.query('select pg_cancel_backend($1)', [pid]).catch(() => undefined);
    if (signal && pid) signal.addEventListener('abort', onAbort, { once: true });
    try {
      if (signal?.aborted) throw Object.assign(new Error('canceling statement due to user request'), { code: '57014' });
      // BEGIN and the request settings travel in one round trip (simple protocol, two statements).
      await client.query(setup ? `begin; ${setup(client)}` : 'begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (e) {
      try {
        await client.query('rollback');
      } catch {
        broken = true; // the connection is unusable: drop it from the pool
      }
      throw e;
    } finally {
      signal?.removeEventListener('abort', onAbort);
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    pool,
    withRequest<T>(auth: RequestAuth, fn: (q: Queryable) => Promise<T>): Promise<T> {
      const limit = statementTimeoutOf(options.statementTimeoutMs, auth.role);
      const run = (timeout: number) => inTransaction((c) => inlineSettings(c, requestSettingsParams(auth, timeout)), fn, auth.signal);
      if (auth.role !== 'anon') return inFlight.run(() => run(limit));
      if (limit <= 0) return inFlight.run(() => anonSlots.run(() => run(0)));
      // What is left of the budget once a slot is free becomes the statement's limit.
      const deadline = Date.now() + limit;
      return inFlight.run(() => anonSlots.run(() => run(Math.max(1, deadline - Date.now())), limit, () => anonBudgetSpent(limit)));
    },
    admin<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      return inFlight.run(() => inTransaction(null, fn));
    },
    runScript(sql, after) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      return inFlight.run(() =>
        inTransaction(null, async (q) => {
          await q.query(sql);
          if (after) await after(q);
        }),
      );
    },
    async listen(channel, onMessage) {
      if (inFlight.closed) return;
      const client = new pg.Client({ connectionString });
      client.on('error', () => undefined);
      await client.connect();
      if (inFlight.closed) {
        await client.end();
        return;
      }
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      await client.query(`listen "${channel.replace(/"/g, '""')}"`);
      listeners.push(client);
    },
    async close() {
      await inFlight.drain();
      await Promise.all(listeners.splice(0).map((c) => c.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
