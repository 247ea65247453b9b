import { mkdirSync } from 'node:fs';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Queryable, QueryResult, RequestAuth } from './types.js';
import { InFlight, type ManagedDatabase, REQUEST_SETTINGS_SQL, requestSettingsParams } from './request-settings.js';

function wrap(tx: Pick<Transaction, 'query'>): Queryable {
  return {
    async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
      const r = await tx.query<R>(sql, params as unknown[] | undefined);
      return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 };
    },
  };
}

/**
 * Embedded PostgreSQL (WASM). It has a single connection, so transactions are serialised: PGlite's
 * own `transaction()` holds its mutex for the whole BEGIN … COMMIT, which is exactly the isolation
 * a request needs. Roles and RLS work as on a server for non-superuser roles.
 */
export async function openPglite(dir: string | undefined): Promise<ManagedDatabase & { pglite: PGlite }> {
  if (dir) mkdirSync(dir, { recursive: true });
  // The extensions hosted Supabase offers that migrations commonly use (pgcrypto and uuid-ossp are
  // pre-installed there; the bootstrap installs them into `extensions` here too).
  const extensions = { pgcrypto, uuid_ossp, pg_trgm, unaccent };
  const pglite = await PGlite.create(dir ? { dataDir: dir, extensions } : { extensions });
  const inFlight = new InFlight();
  return {
    kind: 'pglite',
    pglite,
    withRequest<T>(auth: RequestAuth, fn: (q: Queryable) => Promise<T>): Promise<T> {
      return inFlight.run(() =>
        pglite.transaction(async (tx) => {
          await tx.query(REQUEST_SETTINGS_SQL, requestSettingsParams(auth));
          return fn(wrap(tx));
        }),
      );
    },
    admin<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      return inFlight.run(() => pglite.transaction(async (tx) => fn(wrap(tx))));
    },
    runScript(sql, after) {
      return inFlight.run(() =>
        pglite.transaction(async (tx) => {
          await tx.exec(sql);
          if (after) await after(wrap(tx));
        }),
      );
    },
    async listen(channel, onMessage) {
      await pglite.listen(channel, onMessage);
    },
    async close() {
      await inFlight.drain();
      // PGlite flushes its data directory on close: committed work is on disk afterwards.
      await pglite.close();
    },
  };
}
