import pg from 'pg';
import type { Queryable, QueryResult, RequestAuth } from './types.js';
import { InFlight, type ManagedDatabase, REQUEST_SETTINGS_SQL, requestSettingsParams } from './request-settings.js';

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

/** PostgreSQL through a node-postgres pool (used when DATABASE_URL is set). */
export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<ManagedDatabase & { pool: pg.Pool }> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 20 });
  // An idle client's error (server restart, …) must not crash the stack; the next query reconnects.
  pool.on('error', () => undefined);
  // Fail fast on a wrong URL rather than on the first request.
  const probe = await pool.connect();
  probe.release();
  const inFlight = new InFlight();

  async function inTransaction<T>(setup: ((c: pg.PoolClient) => Promise<unknown>) | null, fn: (q: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    let broken = false;
    try {
      await client.query('begin');
      if (setup) await setup(client);
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
      client.release(broken);
    }
  }

  return {
    kind: 'postgres',
    pool,
    withRequest<T>(auth: RequestAuth, fn: (q: Queryable) => Promise<T>): Promise<T> {
      return inFlight.run(() => inTransaction((c) => c.query(REQUEST_SETTINGS_SQL, requestSettingsParams(auth)), fn));
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
    async close() {
      await inFlight.drain();
      await pool.end();
    },
  };
}
