/**
 * The one seam between the HTTP services and the database, implemented by the PGlite adapter
 * (embedded default) and the node-postgres adapter (when DATABASE_URL is set).
 */
export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  fields: Array<{ name: string; dataTypeID: number }>;
  /** rows touched by INSERT / UPDATE / DELETE */
  affectedRows: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
}

export type DbRole = 'anon' | 'authenticated' | 'service_role';

/** Who is asking, as PostgREST derives it from a verified JWT. */
export interface RequestAuth {
  role: DbRole;
  /** Verified JWT claims (for the anon key: its claims). Becomes `request.jwt.claims`. */
  claims: Record<string, unknown>;
  /** Request headers (lower-case names). Becomes `request.headers`. */
  headers?: Record<string, string>;
  /** Method and path, for `request.method` / `request.path` like PostgREST. */
  method?: string;
  path?: string;
  /** Aborted when the client goes away: the running statement is cancelled. Never sent to SQL. */
  signal?: AbortSignal;
}

export interface Database {
  /** 'pglite' | 'postgres' — for logs, banners and benchmarks. */
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside ONE transaction that first does `SET LOCAL ROLE <auth.role>` and sets
   * `request.jwt.claims` / `request.headers` with set_config(..., true), exactly as PostgREST does,
   * so RLS, auth.uid(), auth.role() and auth.jwt() decide. Rolled back if fn throws.
   */
  withRequest<T>(auth: RequestAuth, fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Runs `fn` in one transaction as the owner (bootstrap, GoTrue's own tables, storage bookkeeping). */
  admin<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Waits for in-flight transactions, then closes; committed writes are durable afterwards. */
  close(): Promise<void>;
}
