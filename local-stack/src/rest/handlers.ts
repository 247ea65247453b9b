import type { Queryable } from '../db/types.js';
import { type Catalogue, type Column, type RoutineDef, type Table, catalogueKey } from './catalogue.js';
import { RestError, pgrstError } from './errors.js';
import type { Preferences, RestQuery } from './request.js';
import { Params, SqlBuilder, ident, tableRef } from './sql.js';

/** What a handler answers; index.ts turns it into an HTTP response. */
export interface RestResult {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export interface Negotiated {
  /** application/vnd.pgrst.object+json: exactly one row, as an object. */
  single: boolean;
  stripNulls: boolean;
  csv: boolean;
}

interface Page {
  /** Rows an upsert inserted (not updated), when asked for. */
  inserted?: number;
  body: string;
  page: number;
  total: number | null;
  single: string | null;
}

const JSON_TYPE = 'application/json; charset=utf-8';

function agg(stripNulls: boolean, source: string): string {
  const arr = `coalesce(json_agg(${source}), '[]'::json)`;
  return stripNulls ? `json_strip_nulls(${arr})` : arr;
}

/** Runs `with _src as (…) select …` and returns body text, row count and (optionally) the total. */
async function runPage(q: Queryable, sql: string, params: Params): Promise<Page> {
  const r = await q.query<{ body: string; page: string; total: string | null; single: string | null; inserted?: string }>(sql, params.values);
  const row = r.rows[0];
  return { inserted: row.inserted === undefined ? undefined : Number(row.inserted), body: row.body, page: Number(row.page), total: row.total === null || row.total === undefined ? null : Number(row.total), single: row.single };
}

function csvFrom(body: string): string {
  const rows = JSON.parse(body) as Array<Record<string, unknown>>;
  if (rows.length === 0) return '';
  const cols = Object.keys(rows[0]);
  const cell = (v: unknown) => {
    if (v === null || v === undefined) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [cols.join(','), ...rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n');
}

/** Shapes a page as PostgREST does: singular object / 406, CSV, Content-Range. */
function pageResult(page: Page, neg: Negotiated, status: number, headers: Record<string, string>): RestResult {
  if (neg.single) {
    if (page.page !== 1) {
      throw new RestError(
        406,
        pgrstError('PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${page.page} rows`, null),
      );
    }
    return { status, body: page.single, headers: { 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8', ...headers } };
  }
  if (neg.csv) return { status, body: csvFrom(page.body), headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers } };
  return { status, body: page.body, headers: { 'Content-Type': JSON_TYPE, ...headers } };
}

function contentRange(offset: number, page: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return page === 0 ? `*/${t}` : `${offset}-${offset + page - 1}/${t}`;
}

// ---------------------------------------------------------------------------------------------
// GET / HEAD on a table or view

export async function readRows(
  q: Queryable,
  cat: Catalogue,
  table: Table,
  query: RestQuery,
  prefs: Preferences,
  neg: Negotiated,
  range: { offset: number; limit?: number } | undefined,
  head: boolean,
): Promise<RestResult> {
  const b = new SqlBuilder(cat);
  const alias = b.nextAlias();
  const scope = query.scope;
  let offset = scope.offset !== undefined ? Number(scope.offset) : 0;
  let limit = scope.limit;
  if (range) {
    offset = range.offset + (scope.offset !== undefined ? Number(scope.offset) : 0);
    if (range.limit !== undefined) limit = String(limit !== undefined ? Math.min(Number(limit), range.limit) : range.limit);
  }
  if (scope.offset !== undefined && !/^\d+$/.test(scope.offset)) b.limitOffset(undefined, scope.offset); // throws the parse error
  if (query.maxRows !== undefined && (limit === undefined || (/^\d+$/.test(limit) && Number(limit) > query.maxRows))) limit = String(query.maxRows);
  const { list, innerConditions, groupBy } = b.selectList(table, alias, query.select, scope);
  const where = b.where(table, alias, scope.conditions, innerConditions);
  const order = b.orderBy(table, alias, scope.order, query.select);
  const limits = b.limitOffset(limit, offset > 0 ? String(offset) : undefined);
  const counted = prefs.count !== undefined;
  // Grouped, the total is the number of groups.
  const total = groupBy
    ? `(select count(*) from (select 1 from ${tableRef(table)} as ${ident(alias)}${where}${groupBy}) _g)`
    : `(select count(*) from ${tableRef(table)} as ${ident(alias)}${where})`;
  const sql =
    `with _src as (select ${list} from ${tableRef(table)} as ${ident(alias)}${where}${groupBy}${order}${limits}) ` +
    `select ${agg(neg.stripNulls, '_src')}::text as body, count(*)::text as page, ` +
    `${counted ? `${total}::text` : 'null'} as total, ` +
    `case when count(*) = 1 then ${neg.stripNulls ? 'json_strip_nulls(json_agg(_src)->0)' : '(json_agg(_src)->0)'}::text end as single from _src`;
  const page = await runPage(q, sql, b.params);
  let status = 200;
  if (page.total !== null) {
    if (offset > 0 && offset >= page.total && page.page === 0 && page.total > 0) {
      throw new RestError(
        416,
        pgrstError('PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${page.total} rows.`, null),
        { 'Content-Range': `*/${page.total}` },
      );
    }
    if (page.page < page.total && (limit !== undefined || offset > 0)) status = 206;
  }
  const headers: Record<string, string> = { 'Content-Range': contentRange(offset, page.page, page.total) };
  if (counted) headers['Preference-Applied'] = `count=${prefs.count}`;
  const result = pageResult(page, neg, status, headers);
  if (head) result.body = null;
  return result;
}

// ---------------------------------------------------------------------------------------------
// POST (insert / upsert), PATCH, DELETE

function columnNotFound(table: Table, name: string): RestError {
  return new RestError(400, pgrstError('PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`, null, null));
}

function payloadColumns(table: Table, names: string[]): Column[] {
  return names.map((n) => {
    const c = table.columns.get(n);
    if (!c) throw columnNotFound(table, n);
    return c;
  });
}

/**
 * Representation after a write: the select list evaluated over the written rows. With
 * `trackInserts` the answer also says how many rows were inserted rather than updated (an upsert's
 * status: PostgREST answers 200 when every row already existed, 201 otherwise); `xmax = 0` marks a
 * row version this statement inserted.
 */
function representation(b: SqlBuilder, table: Table, alias: string, query: RestQuery, write: string, neg: Negotiated, trackInserts = false): string {
  // Only the embeds' own scopes (rel.col=…) apply; the root filters already chose the written rows.
  const { list, groupBy } = b.selectList(table, alias, query.select, query.scope);
  const a = ident(alias);
  const source = trackInserts
    ? `with _w as (${write} returning ${a} as _row, (${a}.xmax::text = '0') as _ins), _src as (select (_w._row).* from _w) `
    : `with _src as (${write} returning ${a}.*) `;
  return (
    source +
    `select ${agg(neg.stripNulls, '_r')}::text as body, count(*)::text as page, null as total, ` +
    `case when count(*) = 1 then ${neg.stripNulls ? 'json_strip_nulls(json_agg(_r)->0)' : '(json_agg(_r)->0)'}::text end as single` +
    `${trackInserts ? ', (select count(*) from _w where _ins)::text as inserted' : ''} ` +
    `from (select ${list} from _src as ${a}${groupBy}) _r`
  );
}

function bodyRows(body: unknown): Array<Record<string, unknown>> {
  const rows = Array.isArray(body) ? body : [body];
  for (const r of rows) {
    if (r === null || typeof r !== 'object' || Array.isArray(r)) {
      throw new RestError(400, pgrstError('PGRST102', 'All object keys must match', null, null));
    }
  }
  return rows as Array<Record<string, unknown>>;
}

/** The Prefer values every write honours (PostgREST echoes them in Preference-Applied). */
function appliedPreferences(prefs: Preferences): string[] {
  const applied: string[] = [];
  if (prefs.return) applied.push(`return=${prefs.return}`);
  if (prefs.count) applied.push(`count=${prefs.count}`);
  if (prefs.strict && prefs.maxAffected !== undefined) applied.push('handling=strict', `max-affected=${prefs.maxAffected}`);
  return applied;
}

/**
 * PostgREST 12.2's `Prefer: handling=strict, max-affected=N`: an UPDATE or DELETE touching more
 * rows fails with PGRST124, and the transaction it ran in is rolled back (nothing changed).
 */
function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (!prefs.strict || prefs.maxAffected === undefined || affected <= prefs.maxAffected) return;
  throw new RestError(400, pgrstError('PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`, null));
}

function preferenceAppliedHeader(applied: string[]): Record<string, string> {
  return applied.length ? { 'Preference-Applied': applied.join(', ') } : {};
}

/** Rows of the payload in order; a column a row leaves out takes its default, evaluated once per row. */
function selectWithDefaults(b: SqlBuilder, table: Table, cols: Column[], payload: string): string {
  const defaults = cols.filter((c) => c.defaultExpr !== undefined);
  const values = cols.map((c) => {
    const fallback = c.defaultExpr !== undefined ? `_d.${ident(`d${defaults.indexOf(c)}`)}` : 'null';
    return `case when _e.v::jsonb ? ${b.params.add(c.name)}::text then _r.${ident(c.name)} else ${fallback} end`;
  });
  const lateral = defaults.length ? ` cross join lateral (select ${defaults.map((c, i) => `${c.defaultExpr} as ${ident(`d${i}`)}`).join(', ')}) _d` : '';
  return (
    `select ${values.join(', ')} from json_array_elements(${payload}::json) with ordinality _e(v, n) ` +
    `cross join lateral json_populate_record(null::${tableRef(table)}, _e.v) _r${lateral} order by _e.n`
  );
}

export async function insertRows(
  q: Queryable,
  cat: Catalogue,
  table: Table,
  query: RestQuery,
  prefs: Preferences,
  neg: Negotiated,
  body: unknown,
  upsert: boolean,
): Promise<RestResult> {
  const rows = bodyRows(body);
  const applied = appliedPreferences(prefs);
  if (upsert && prefs.resolution) applied.push(`resolution=${prefs.resolution}`);
  if (prefs.missing === 'default') applied.push('missing=default');

  // Groups of rows that share one column list. With missing=default a key a row leaves out takes
  // the column's default: in one statement over the union of the keys when every default can be
  // written out (PostgREST's way: an upsert then resets a left-out column to its default, and each
  // row evaluates the defaults once), else rows with different keys are inserted separately, in order.
  const groups: Array<{ columns: string[]; rows: Array<Record<string, unknown>>; withDefaults?: boolean }> = [];
  if (prefs.missing === 'default') {
    const allowed = query.columns ? new Set(query.columns) : null;
    const union = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter((k) => !allowed || allowed.has(k));
    const writable = union.every((n) => {
      const c = table.columns.get(n);
      return c !== undefined && (!c.hasDefault || c.defaultExpr !== undefined);
    });
    if (writable && union.length > 0) groups.push({ columns: union, rows, withDefaults: true });
    else {
      for (const r of rows) {
        const cols = Object.keys(r).filter((k) => !allowed || allowed.has(k));
        const last = groups[groups.length - 1];
        if (last && last.columns.join('\u0000') === cols.join('\u0000')) last.rows.push(r);
        else groups.push({ columns: cols, rows: [r] });
      }
    }
  } else if (query.columns) groups.push({ columns: query.columns, rows });
  else {
    const all = new Set<string>();
    for (const r of rows) for (const k of Object.keys(r)) all.add(k);
    groups.push({ columns: [...all], rows });
  }

  let conflictCols: string[] | undefined;
  if (upsert) {
    conflictCols = query.onConflict ?? table.primaryKey;
    if (conflictCols.length === 0) {
      throw new RestError(400, pgrstError('PGRST100', `Upsert needs on_conflict or a primary key on '${table.name}'`, null, null));
    }
    payloadColumns(table, conflictCols);
  }

  const bodies: string[] = [];
  let affected = 0;
  let inserted = 0;
  const locations: string[] = [];
  for (const group of groups) {
    const cols = payloadColumns(table, group.columns);
    const b = new SqlBuilder(cat);
    const alias = b.nextAlias();
    const payload = b.params.add(JSON.stringify(group.rows));
    const colList = cols.map((c) => ident(c.name)).join(', ');
    let write =
      cols.length === 0
        ? `insert into ${tableRef(table)} as ${ident(alias)} default values`
        : group.withDefaults
          ? `insert into ${tableRef(table)} as ${ident(alias)} (${colList}) ${selectWithDefaults(b, table, cols, payload)}`
          : `insert into ${tableRef(table)} as ${ident(alias)} (${colList}) select ${colList} from json_populate_recordset(null::${tableRef(table)}, ${payload}::json) _j`;
    if (conflictCols) {
      const target = conflictCols.map(ident).join(', ');
      const updatable = cols.filter((c) => !conflictCols!.includes(c.name));
      if (prefs.resolution === 'ignore-duplicates') write += ` on conflict (${target}) do nothing`;
      else {
        const sets = (updatable.length > 0 ? updatable : cols).map((c) => `${ident(c.name)} = excluded.${ident(c.name)}`).join(', ');
        write += ` on conflict (${target}) do update set ${sets}`;
      }
    }
    if (prefs.return === 'representation') {
      const merging = conflictCols !== undefined && prefs.resolution !== 'ignore-duplicates';
      const page = await runPage(q, representation(b, table, alias, query, write, neg, merging), b.params);
      bodies.push(page.body);
      affected += page.page;
      inserted += merging ? (page.inserted ?? 0) : page.page;
    } else if (prefs.return === 'headers-only' && table.primaryKey.length > 0) {
      const pk = table.primaryKey.map((c) => `${ident(alias)}.${ident(c)}`).join(', ');
      const r = await q.query<Record<string, unknown>>(`${write} returning ${pk}`, b.params.values);
      affected += r.rows.length;
      for (const row of r.rows) locations.push(`/${table.name}?${table.primaryKey.map((c) => `${c}=eq.${String(row[c])}`).join('&')}`);
    } else {
      // No RETURNING: with return=minimal the rows need not be readable afterwards (RLS SELECT).
      const r = await q.query(write, b.params.values);
      affected += r.affectedRows;
    }
  }
  const headers: Record<string, string> = { 'Content-Range': `*/${prefs.count ? affected : '*'}`, ...preferenceAppliedHeader(applied) };
  if (locations.length === 1) headers.Location = locations[0];
  if (prefs.return !== 'representation') return { status: 201, body: null, headers };
  // An upsert that only updated existing rows created nothing: 200, as PostgREST answers.
  const status = upsert && prefs.resolution !== 'ignore-duplicates' && affected > 0 && inserted === 0 ? 200 : 201;
  const merged = bodies.length === 1 ? bodies[0] : `[${bodies.map((s) => s.slice(1, -1)).filter((s) => s.trim() !== '').join(',')}]`;
  if (neg.single) {
    const arr = JSON.parse(merged) as unknown[];
    if (arr.length !== 1) throw new RestError(406, pgrstError('PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${arr.length} rows`, null));
    return { status, body: merged.slice(1, -1).trim(), headers: { ...headers, 'Content-Type': 'application/vnd.pgrst.object+json; charset=utf-8' } };
  }
  if (neg.csv) return { status, body: csvFrom(merged), headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } };
  return { status, body: merged, headers: { ...headers, 'Content-Type': JSON_TYPE } };
}

/** Supabase loads pg-safeupdate for the API: UPDATE and DELETE need a filter. */
function requireWhere(kind: 'UPDATE' | 'DELETE', query: RestQuery): void {
  if (query.scope.conditions.length === 0) {
    throw new RestError(400, pgrstError('21000', `${kind} requires a WHERE clause`, null, null));
  }
}

export async function updateRows(
  q: Queryable,
  cat: Catalogue,
  table: Table,
  query: RestQuery,
  prefs: Preferences,
  neg: Negotiated,
  body: unknown,
): Promise<RestResult> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new RestError(400, pgrstError('PGRST102', 'Empty or invalid json', 'A PATCH body must be one JSON object', null));
  }
  requireWhere('UPDATE', query);
  const cols = payloadColumns(table, query.columns ?? Object.keys(body));
  const b = new SqlBuilder(cat);
  const alias = b.nextAlias();
  const where = b.where(table, alias, query.scope.conditions);
  const headers: Record<string, string> = preferenceAppliedHeader(appliedPreferences(prefs));
  if (cols.length === 0) {
    headers['Content-Range'] = '*/*';
    return prefs.return === 'representation'
      ? { status: 200, body: neg.single ? null : '[]', headers: { ...headers, 'Content-Type': JSON_TYPE } }
      : { status: 204, body: null, headers };
  }
  const payload = b.params.add(JSON.stringify(body));
  const sets = cols.map((c) => `${ident(c.name)} = _j.${ident(c.name)}`).join(', ');
  const write = `update ${tableRef(table)} as ${ident(alias)} set ${sets} from json_populate_record(null::${tableRef(table)}, ${payload}::json) _j${where}`;
  return finishMutation(q, b, table, alias, query, prefs, neg, write, headers);
}

export async function deleteRows(q: Queryable, cat: Catalogue, table: Table, query: RestQuery, prefs: Preferences, neg: Negotiated): Promise<RestResult> {
  requireWhere('DELETE', query);
  const b = new SqlBuilder(cat);
  const alias = b.nextAlias();
  const where = b.where(table, alias, query.scope.conditions);
  const headers: Record<string, string> = preferenceAppliedHeader(appliedPreferences(prefs));
  const write = `delete from ${tableRef(table)} as ${ident(alias)}${where}`;
  return finishMutation(q, b, table, alias, query, prefs, neg, write, headers);
}

async function finishMutation(
  q: Queryable,
  b: SqlBuilder,
  table: Table,
  alias: string,
  query: RestQuery,
  prefs: Preferences,
  neg: Negotiated,
  write: string,
  headers: Record<string, string>,
): Promise<RestResult> {
  if (prefs.return === 'representation') {
    const page = await runPage(q, representation(b, table, alias, query, write, neg), b.params);
    checkMaxAffected(prefs, page.page);
    headers['Content-Range'] = page.page === 0 ? `*/${prefs.count ? 0 : '*'}` : `0-${page.page - 1}/${prefs.count ? page.page : '*'}`;
    return pageResult(page, neg, 200, headers);
  }
  const r = await q.query(write, b.params.values);
  checkMaxAffected(prefs, r.affectedRows);
  headers['Content-Range'] = `*/${prefs.count ? r.affectedRows : '*'}`;
  return { status: 204, body: null, headers };
}

// ---------------------------------------------------------------------------------------------
// RPC

export async function callRoutine(
  q: Queryable,
  cat: Catalogue,
  def: RoutineDef,
  args: Record<string, unknown>,
  wholeBody: boolean,
  query: RestQuery,
  prefs: Preferences,
  neg: Negotiated,
  head: boolean,
): Promise<RestResult> {
  const b = new SqlBuilder(cat);
  const fn = `${ident(def.schema)}.${ident(def.name)}`;
  let from = '';
  let call: string;
  if (wholeBody) {
    call = `${fn}(${b.params.add(JSON.stringify(args))}::${def.args[0].type})`;
  } else {
    const given = def.args.filter((a) => Object.prototype.hasOwnProperty.call(args, a.name));
    if (given.length > 0) {
      // json_to_record turns JSON values (arrays and objects included) into the parameter types.
      const payload = b.params.add(JSON.stringify(args));
      from = ` from json_to_record(${payload}::json) as _a(${given.map((a) => `${ident(a.name)} ${a.type}`).join(', ')})`;
    }
    call = `${fn}(${given.map((a) => `${ident(a.name)} => _a.${ident(a.name)}`).join(', ')})`;
  }
  const headers: Record<string, string> = {};
  if (prefs.count) headers['Preference-Applied'] = `count=${prefs.count}`;
  // A function returning one value (or one row) is a result of one row: PostgREST counts it so.
  if (!def.returnsSet && def.returns !== 'void') headers['Content-Range'] = `0-0/${prefs.count ? 1 : '*'}`;

  if (def.returns === 'void') {
    await q.query(`select ${call}${from}`, b.params.values);
    return { status: 204, body: null, headers };
  }
  if (def.returns === 'scalar' && !def.returnsSet) {
    const r = await q.query<{ body: string }>(`select to_json(${call})::text as body${from}`, b.params.values);
    return { status: 200, body: head ? null : r.rows[0].body, headers: { ...headers, 'Content-Type': JSON_TYPE } };
  }
  const alias = b.nextAlias();
  let source: string;
  let table: Table;
  if (def.returns === 'scalar') {
    source = `(select ${call} as ${ident(def.name)}${from}) as ${ident(alias)}`;
    const col: Column = { name: def.name, type: def.returnType, notNull: false, hasDefault: false, generated: false };
    table = { schema: def.schema, name: def.name, kind: 'view', columns: new Map([[def.name, col]]), primaryKey: [] };
  } else {
    source = from ? `${from.slice(6)} cross join lateral ${call} as ${ident(alias)}` : `${call} as ${ident(alias)}`;
    table = returnTable(cat, def);
  }
  const scope = query.scope;
  const { list, innerConditions, groupBy } =
    def.returns === 'scalar' ? { list: `${ident(alias)}.${ident(def.name)} as _v`, innerConditions: [], groupBy: '' } : b.selectList(table, alias, query.select, scope);
  const where = b.where(table, alias, scope.conditions, innerConditions);
  const order = b.orderBy(table, alias, scope.order);
  const offset = scope.offset !== undefined ? Number(scope.offset) : 0;
  const limits = b.limitOffset(scope.limit, scope.offset);
  const inner = `select ${list} from ${source}${where}${groupBy}${order}${limits}`;
  const aggregated = def.returns === 'scalar' ? '_src._v' : '_src';
  const counted = prefs.count !== undefined;
  const sql =
    `with _src as (${inner}) select ${agg(neg.stripNulls, aggregated)}::text as body, count(*)::text as page, ` +
    `${counted ? `(select count(*) from ${source}${where})::text` : 'null'} as total, ` +
    `case when count(*) = 1 then (json_agg(${aggregated})->0)::text end as single from _src`;
  const page = await runPage(q, sql, b.params);
  // PostgREST 12.2 applies handling=strict + max-affected to functions too; the throw rolls back.
  checkMaxAffected(prefs, page.page);
  if (!def.returnsSet) {
    // A function returning one row answers with that row as an object, as PostgREST does.
    const body = page.single ?? 'null';
    return { status: 200, body: head ? null : body, headers: { ...headers, 'Content-Type': JSON_TYPE } };
  }
  headers['Content-Range'] = contentRange(offset, page.page, page.total);
  const result = pageResult(page, neg, 200, headers);
  if (head) result.body = null;
  return result;
}

function returnTable(cat: Catalogue, def: RoutineDef): Table {
  const [schema, name] = def.returnType.includes('.') ? def.returnType.split('.') : [def.schema, def.returnType];
  const table = cat.tables.get(catalogueKey(schema.replace(/"/g, ''), name.replace(/"/g, '')));
  if (table) return table;
  return {
    schema: def.schema,
    name: def.name,
    kind: 'view',
    columns: new Map(def.outColumns.map((c) => [c.name, c])),
    primaryKey: [],
  };
}
