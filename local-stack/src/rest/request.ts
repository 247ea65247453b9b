import { RestError, pgrstError } from './errors.js';
import { type Condition, type SelectItem, parseFilterParam, parseLogic, parseOrder, parseSelect, parseError } from './parse.js';
import { type Scope, emptyScope } from './sql.js';

/** What PostgREST reads from the query string and headers, before the catalogue is consulted. */
export interface RestQuery {
  select: SelectItem[];
  scope: Scope;
  columns?: string[];
  onConflict?: string[];
  /** `[api] max_rows`: no read returns more rows than this, whatever limit was asked for. */
  maxRows?: number;
  /** Query parameters left for an RPC's named arguments (GET /rpc/fn?a=1). */
  rest: Map<string, string>;
}

const ROOT_KEYS = new Set(['order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and']);

function scopeFor(root: Scope, path: string[]): Scope {
  let scope = root;
  for (const name of path) {
    let child = scope.children.get(name);
    if (!child) {
      child = emptyScope();
      scope.children.set(name, child);
    }
    scope = child;
  }
  return scope;
}

function applyKey(scope: Scope, key: string, value: string): void {
  switch (key) {
    case 'order':
      scope.order.push(...parseOrder(value));
      return;
    case 'limit':
      scope.limit = value;
      return;
    case 'offset':
      scope.offset = value;
      return;
    case 'or':
    case 'and':
      scope.conditions.push(parseLogic(key, false, value));
      return;
    case 'not.or':
    case 'not.and':
      scope.conditions.push(parseLogic(key.slice(4) as 'or' | 'and', true, value));
      return;
  }
}

/** `"a","b"` or `a,b` (postgrest-js quotes the names it sends in `columns`). */
export function parseColumnList(value: string): string[] {
  return value
    .split(',')
    .map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
    .filter((c) => c !== '');
}

/**
 * Sorts the query string into the root scope and embedded scopes (`rel.col=eq.1`,
 * `rel.order=…`). `argNames` are an RPC's arguments, which are not filters.
 */
export function parseQuery(params: URLSearchParams, argNames: Set<string> = new Set()): RestQuery {
  const root = emptyScope();
  const query: RestQuery = { select: parseSelect(params.get('select')), scope: root, rest: new Map() };
  const conditions: Condition[] = [];
  for (const [key, value] of params) {
    if (key === 'select' || key === 'apikey') continue;
    if (key === 'columns') {
      query.columns = parseColumnList(value);
      continue;
    }
    if (key === 'on_conflict') {
      query.onConflict = parseColumnList(value);
      continue;
    }
    if (argNames.has(key)) {
      query.rest.set(key, value);
      continue;
    }
    if (ROOT_KEYS.has(key)) {
      applyKey(root, key, value);
      continue;
    }
    // Embedded scope: `rel.order`, `rel.not.or`, `rel.col` (a JSON path never contains '.').
    const arrowAt = key.indexOf('->');
    const head = arrowAt >= 0 ? key.slice(0, arrowAt) : key;
    const segs = head.split('.');
    if (segs.length > 1) {
      const tail = arrowAt >= 0 ? key.slice(arrowAt) : '';
      const last = segs[segs.length - 1];
      if (segs.length > 2 && segs[segs.length - 2] === 'not' && (last === 'or' || last === 'and') && !tail) {
        applyKey(scopeFor(root, segs.slice(0, -2)), `not.${last}`, value);
      } else if (ROOT_KEYS.has(last) && !tail) {
        applyKey(scopeFor(root, segs.slice(0, -1)), last, value);
      } else {
        scopeFor(root, segs.slice(0, -1)).conditions.push(parseFilterParam(last + tail, value));
      }
      continue;
    }
    conditions.push(parseFilterParam(key, value));
  }
  root.conditions.unshift(...conditions);
  checkEmbeddedScopes(query.select, root, []);
  return query;
}

/**
 * `rel.col=eq.1` (or `rel.order`, …) only means something when `rel` is embedded in `select`:
 * PostgREST refuses the request with PGRST108 rather than silently ignoring the filter (which
 * would return rows the caller meant to exclude).
 */
function checkEmbeddedScopes(select: SelectItem[], scope: Scope, path: string[]): void {
  for (const [name, child] of scope.children) {
    const embed = select.find((i): i is Extract<SelectItem, { kind: 'embed' }> => i.kind === 'embed' && (i.alias === name || i.relation === name));
    if (!embed) {
      const full = [...path, name].join('.');
      throw new RestError(400, pgrstError('PGRST108', `'${full}' is not an embedded resource in this request`, null, `Verify that '${full}' is included in the 'select' query parameter.`));
    }
    checkEmbeddedScopes(embed.select, child, [...path, name]);
  }
}

export interface Preferences {
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  txRollback: boolean;
  /** `handling=strict`: an unknown or unmet preference is an error, not ignored. */
  strict?: boolean;
  /** `max-affected=N` (PostgREST 12.2): with handling=strict, more affected rows is PGRST124. */
  maxAffected?: number;
  /** What we honour, echoed in Preference-Applied. */
  applied: string[];
}

export function parsePrefer(headers: Headers): Preferences {
  const prefs: Preferences = { txRollback: false, applied: [] };
  const raw = headers.get('prefer') ?? '';
  for (const part of raw.split(/[,;]/)) {
    const [k, v] = part.trim().split('=').map((s) => s.trim());
    if (k === 'return' && (v === 'representation' || v === 'minimal' || v === 'headers-only')) prefs.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) prefs.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) prefs.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) prefs.missing = v;
    else if (k === 'tx' && v === 'rollback') prefs.txRollback = true;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) prefs.strict = v === 'strict';
    else if (k === 'max-affected' && /^\d+$/.test(v ?? '')) prefs.maxAffected = Number(v);
  }
  return prefs;
}

/** The `Range: 0-9` request header (items), as offset and limit. */
export function parseRangeHeader(headers: Headers): { offset: number; limit?: number } | undefined {
  const raw = headers.get('range');
  if (!raw) return undefined;
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(raw);
  if (!m) throw parseError('range', raw);
  const from = Number(m[1]);
  const to = m[2] === '' ? undefined : Number(m[2]);
  if (to !== undefined && to < from) {
    throw new RestError(416, pgrstError('PGRST103', 'Requested range not satisfiable', `The lower boundary must be lower than or equal to the upper boundary in the Range header.`, null));
  }
  return { offset: from, limit: to === undefined ? undefined : to - from + 1 };
}
