import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { StackContext } from '../context.js';
import type { DbRole, Queryable, RequestAuth } from '../db/types.js';
import { resolveRequestAuth } from '../http/request-auth.js';
import { canListen } from '../db/request-settings.js';
import { type Catalogue, type Table, catalogueKey, loadCatalogue } from './catalogue.js';
import { RestError, pgrstError } from './errors.js';
import { isCallable, resolveRoutine } from './routines.js';
import { type Negotiated, type RestResult, callRoutine, deleteRows, insertRows, readRows, updateRows } from './handlers.js';
import { isPgError, pgErrorBody, statusForSqlState } from './pg-errors.js';
import { parsePrefer, parseQuery, parseRangeHeader } from './request.js';

/** Schemas exposed through the API: `[api] schemas` of supabase/config.toml, else ["public"]. */
export function exposedSchemas(supabaseDir: string): string[] {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return ['public'];
  const text = readFileSync(file, 'utf8');
  const api = /^\[api\]([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  const list = /^\s*schemas\s*=\s*\[([^\]]*)\]/m.exec(api)?.[1];
  if (!list) return ['public'];
  const schemas = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  return schemas.length ? schemas : ['public'];
}

/** `[api] max_rows` of supabase/config.toml (PostgREST's db-max-rows); Supabase's default is 1000. */
export function maxRows(supabaseDir: string): number | undefined {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return 1000;
  const api = /^\[api\]([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
  const value = /^\s*max_rows\s*=\s*(\d+)/m.exec(api)?.[1];
  return value === undefined ? 1000 : Number(value);
}

/** The schema cache with PostgREST's reload rule plus one of our own: a miss reloads (at most every 100 ms). */
class SchemaCache {
  private current: Promise<Catalogue> | null = null;
  private loadedAt = 0;
  constructor(
    private readonly ctx: StackContext,
    readonly schemas: string[],
  ) {}

  get(): Promise<Catalogue> {
    if (!this.current) {
      this.loadedAt = Date.now();
      this.current = loadCatalogue(this.ctx.db, this.schemas).catch((e) => {
        this.current = null;
        throw e;
      });
    }
    return this.current;
  }

  /** Reloads after a miss, so tables created since start (a new migration, a test) are found. */
  async refreshAfterMiss(): Promise<Catalogue | null> {
    if (Date.now() - this.loadedAt < 100) return null;
    this.current = null;
    return this.get();
  }

  reload(): Promise<Catalogue> {
    this.current = null;
    return this.get();
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

function errorResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': JSON_TYPE, ...headers } });
}

function toResponse(r: RestResult): Response {
  return new Response(r.body, { status: r.status, headers: r.headers });
}

/** Accept header negotiation for the media types postgrest-js sends. */
function negotiate(accept: string | undefined): Negotiated {
  const neg: Negotiated = { single: false, stripNulls: false, csv: false };
  if (!accept) return neg;
  const types = accept.split(',').map((t) => t.trim().toLowerCase());
  for (const t of types) {
    const [media, ...params] = t.split(';').map((s) => s.trim());
    const stripped = params.includes('nulls=stripped');
    if (media === 'application/vnd.pgrst.object+json' || media === 'application/vnd.pgrst.object') return { ...neg, single: true, stripNulls: stripped };
    if (media === 'application/vnd.pgrst.array+json') return { ...neg, stripNulls: stripped };
    if (media === 'application/json' || media === '*/*' || media === 'application/*') return neg;
    if (media === 'text/csv') return { ...neg, csv: true };
  }
  throw new RestError(406, pgrstError('PGRST107', `None of these media types are available: ${types.join(', ')}`, null, null));
}

async function readJsonBody(c: Context): Promise<unknown> {
  const type = (c.req.header('content-type') ?? 'application/json').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json' && type !== 'application/vnd.pgrst.object+json' && type !== 'application/vnd.pgrst.array+json') {
    throw new RestError(415, pgrstError('PGRST107', `Content-Type not acceptable: ${type}`, null, null));
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new RestError(400, pgrstError('PGRST102', 'Empty or invalid json', (e as Error).message, null));
  }
}

export interface RestApp extends Hono {
  /** Re-reads the catalogue (after a migration), like PostgREST's `NOTIFY pgrst, 'reload schema'`. */
  reloadSchema?: () => Promise<void>;
}

export function createRestApp(ctx: StackContext): RestApp {
  const schemas = exposedSchemas(ctx.config.supabaseDir);
  const rowCap = maxRows(ctx.config.supabaseDir);
  const cache = new SchemaCache(ctx, schemas);
  const app: RestApp = new Hono({ strict: false });
  app.reloadSchema = async () => {
    await cache.reload();
  };
  // As PostgREST: `NOTIFY pgrst, 'reload schema'` / `'reload config'` (or an empty payload) reloads.
  if (canListen(ctx.db)) {
    ctx.db
      .listen('pgrst', (payload) => {
        // The catalogue also holds the in-database configuration (pgrst.db_aggregates_enabled).
        if (payload === '' || payload === 'reload schema' || payload === 'reload config') void cache.reload().catch(() => undefined);
      })
      .catch((e) => ctx.log(`rest: cannot listen for schema reloads: ${(e as Error).message}`));
  }

  /** The request's role and claims; failures in PostgREST's (and the gateway's) shapes. */
  async function authenticate(c: Context): Promise<RequestAuth> {
    const result = await resolveRequestAuth(ctx, c.req.raw);
    if (result.ok) return result.auth;
    if (result.reason === 'missing_apikey') {
      throw new RestError(401, pgrstError('PGRST302', result.message, null, 'No `apikey` request header or url param was found.'));
    }
    if (result.reason === 'invalid_apikey') {
      throw new RestError(401, pgrstError('PGRST301', result.message, null, 'Double check your Supabase `anon` or `service_role` API key.'));
    }
    const message = /expired/.test(result.message) ? 'JWT expired' : result.message;
    throw new RestError(401, pgrstError('PGRST301', message, null, null), {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
    });
  }

  function schemaOf(c: Context, write: boolean): string {
    const requested = c.req.header(write ? 'content-profile' : 'accept-profile');
    const schema = requested ?? schemas[0];
    if (!schemas.includes(schema)) {
      throw new RestError(406, pgrstError('PGRST106', `The schema must be one of the following: ${schemas.join(', ')}`, null, null));
    }
    return schema;
  }

  async function findTable(schema: string, name: string): Promise<{ cat: Catalogue; table: Table }> {
    let cat = await cache.get();
    let table = cat.tables.get(catalogueKey(schema, name));
    if (!table) {
      const fresh = await cache.refreshAfterMiss();
      if (fresh) {
        cat = fresh;
        table = cat.tables.get(catalogueKey(schema, name));
      }
    }
    if (!table) {
      const similar = [...cat.tables.values()].find((t) => t.schema === schema && (t.name.includes(name) || name.includes(t.name)));
      throw new RestError(
        404,
        pgrstError(
          'PGRST205',
          `Could not find the table '${schema}.${name}' in the schema cache`,
          null,
          similar ? `Perhaps you meant the table '${schema}.${similar.name}'` : null,
        ),
      );
    }
    return { cat, table };
  }

  const ROLLBACK = Symbol('tx=rollback');

  /** One transaction for the request; `Prefer: tx=rollback` answers normally but commits nothing. */
  async function inTransaction(auth: RequestAuth, rollback: boolean, fn: (q: Queryable) => Promise<RestResult>): Promise<RestResult> {
    if (!rollback) return ctx.db.withRequest(auth, fn);
    let result: RestResult | undefined;
    try {
      await ctx.db.withRequest(auth, async (q) => {
        result = await fn(q);
        throw ROLLBACK;
      });
    } catch (e) {
      if (e !== ROLLBACK) throw e;
    }
    result!.headers['Preference-Applied'] = [result!.headers['Preference-Applied'], 'tx=rollback'].filter(Boolean).join(', ');
    return result!;
  }

  /** Runs one request: its own transaction, as its role, with its claims; errors mapped. */
  async function handle(c: Context, work: (auth: RequestAuth) => Promise<RestResult>): Promise<Response> {
    let role: DbRole = 'anon';
    try {
      const auth = await authenticate(c);
      role = auth.role;
      const result = await work(auth);
      return toResponse(result);
    } catch (e) {
      if (e instanceof RestError) return errorResponse(e.status, e.body, e.headers);
      if (isPgError(e)) {
        // Refused without running (PGlite's anonymous pause, ADR 0151/0210): try again later.
        const retryAfter = (e as { retryAfterSeconds?: number }).retryAfterSeconds;
        if (retryAfter) return errorResponse(503, pgErrorBody(e), { 'Retry-After': String(retryAfter) });
        return errorResponse(statusForSqlState(e.code!, role), pgErrorBody(e));
      }
      ctx.log(`rest: unexpected error on ${c.req.method} ${c.req.path}: ${(e as Error).stack ?? e}`);
      return errorResponse(500, pgrstError('PGRST000', 'Internal error in the local stack', (e as Error).message, null));
    }
  }

  app.get('/', (c) =>
    handle(c, async () => {
      const cat = await cache.get();
      const paths: Record<string, unknown> = {};
      for (const t of cat.tables.values()) {
        if (t.schema !== schemas[0]) continue;
        paths[`/${t.name}`] = { get: {}, ...(t.kind === 'table' ? { post: {}, patch: {}, delete: {} } : {}) };
      }
      for (const [k] of cat.routines) {
        const [s, n] = k.split('.');
        if (s === schemas[0]) paths[`/rpc/${n}`] = { get: {}, post: {} };
      }
      const definitions: Record<string, unknown> = {};
      for (const t of cat.tables.values()) {
        if (t.schema !== schemas[0]) continue;
        definitions[t.name] = {
          type: 'object',
          required: [...t.columns.values()].filter((col) => col.notNull && !col.hasDefault).map((col) => col.name),
          properties: Object.fromEntries([...t.columns.values()].map((col) => [col.name, { format: col.type }])),
        };
      }
      const doc = { swagger: '2.0', info: { title: 'Dossier local stack (PostgREST-compatible)', version: '12' }, basePath: '/', paths, definitions };
      return { status: 200, body: JSON.stringify(doc), headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' } };
    }),
  );

  async function rpc(c: Context, method: 'GET' | 'HEAD' | 'POST') {
    return handle(c, async (auth) => {
      const name = c.req.param('fn')!;
      const schema = schemaOf(c, method === 'POST');
      const url = new URL(c.req.url);
      let cat = await cache.get();
      let candidates = cat.routines.get(catalogueKey(schema, name));
      if (!candidates) {
        const fresh = await cache.refreshAfterMiss();
        if (fresh) {
          cat = fresh;
          candidates = cat.routines.get(catalogueKey(schema, name));
        }
      }
      const argNames = new Set((candidates ?? []).flatMap((d) => d.args.map((a) => a.name)));
      const query = parseQuery(url.searchParams, method === 'POST' ? new Set() : argNames);
      let args: Record<string, unknown>;
      if (method === 'POST') {
        const body = await readJsonBody(c);
        if (body === null || typeof body !== 'object' || Array.isArray(body)) {
          throw new RestError(400, pgrstError('PGRST102', 'Empty or invalid json', 'RPC arguments must be one JSON object', null));
        }
        args = body as Record<string, unknown>;
      } else {
        args = Object.fromEntries(query.rest);
      }
      const picked = resolveRoutine(schema, name, candidates, Object.keys(args), {
        jsonBody: method === 'POST',
        namesInSchema: () => [...cat.routines.values()].flatMap((defs) => defs.filter((d) => d.schema === schema && isCallable(d)).slice(0, 1).map((d) => d.name)),
      });
      const neg = negotiate(c.req.header('accept'));
      const prefs = parsePrefer(c.req.raw.headers);
      return inTransaction(auth, prefs.txRollback, (q) => callRoutine(q, cat, picked.def, args, picked.wholeBody, query, prefs, neg, method === 'HEAD'));
    });
  }

  app.get('/rpc/:fn', (c) => rpc(c, c.req.method === 'HEAD' ? 'HEAD' : 'GET'));
  app.post('/rpc/:fn', (c) => rpc(c, 'POST'));
  app.on(['PUT', 'PATCH', 'DELETE'], '/rpc/:fn', () =>
    errorResponse(405, pgrstError('PGRST101', 'Only GET and POST are allowed for RPC', null, null)),
  );

  /** What every table endpoint reads first: the table (from the catalogue), the query, Prefer and Accept. */
  async function tableRequest(c: Context, write: boolean) {
    const { cat, table } = await findTable(schemaOf(c, write), c.req.param('table') as string);
    const query = parseQuery(new URL(c.req.url).searchParams);
    const neg = negotiate(c.req.header('accept'));
    const prefs = parsePrefer(c.req.raw.headers);
    return { cat, table, query, neg, prefs };
  }

  app.get('/:table', (c) =>
    handle(c, async (auth) => {
      const { cat, table, query, neg, prefs } = await tableRequest(c, false);
      query.maxRows = rowCap;
      const range = parseRangeHeader(c.req.raw.headers);
      return inTransaction(auth, prefs.txRollback, (q) => readRows(q, cat, table, query, prefs, neg, range, c.req.method === 'HEAD'));
    }),
  );

  app.post('/:table', (c) =>
    handle(c, async (auth) => {
      const { cat, table, query, neg, prefs } = await tableRequest(c, true);
      const body = await readJsonBody(c);
      const upsert = prefs.resolution !== undefined;
      return inTransaction(auth, prefs.txRollback, (q) => insertRows(q, cat, table, query, prefs, neg, body, upsert));
    }),
  );

  app.patch('/:table', (c) =>
    handle(c, async (auth) => {
      const { cat, table, query, neg, prefs } = await tableRequest(c, true);
      const body = await readJsonBody(c);
      return inTransaction(auth, prefs.txRollback, (q) => updateRows(q, cat, table, query, prefs, neg, body));
    }),
  );

  app.delete('/:table', (c) =>
    handle(c, async (auth) => {
      const { cat, table, query, neg, prefs } = await tableRequest(c, true);
      return inTransaction(auth, prefs.txRollback, (q) => deleteRows(q, cat, table, query, prefs, neg));
    }),
  );

  app.put('/:table', () =>
    errorResponse(405, pgrstError('PGRST105', 'PUT is not supported by the local stack; use POST with Prefer: resolution=merge-duplicates', null, null)),
  );

  return app;
}
