import { RestError, pgrstError } from './errors.js';

/**
 * Parsers for PostgREST's query-string grammar (what postgrest-js produces): select lists with
 * aliases, casts, JSON paths and embedded resources; filters `[not.]op[(modifier)].value`;
 * logic trees `or=(…)` / `and=(…)`; `order`. They produce plain data; the SQL builder turns it
 * into parameterised SQL after checking every name against the catalogue.
 */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface FieldPath {
  name: string;
  json: JsonStep[];
}

export type AggregateFn = 'count' | 'sum' | 'avg' | 'min' | 'max';

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'field'; field: FieldPath; alias?: string; cast?: string }
  /** `count()` (no field: counts rows), `amount.sum()`, `x::numeric.avg()::int` (PostgREST 12). */
  | { kind: 'aggregate'; fn: AggregateFn; field?: FieldPath; alias?: string; cast?: string; aggregateCast?: string }
  | { kind: 'embed'; relation: string; alias?: string; hint?: string; inner: boolean; spread: boolean; select: SelectItem[] };

export interface Filter {
  kind: 'filter';
  field: FieldPath;
  negate: boolean;
  op: string;
  /** `any` / `all` for list operators, or a text-search configuration for fts operators. */
  modifier?: string;
  value: string;
}

export interface Logic {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = Filter | Logic;

export interface OrderTerm {
  /** `rel(col)`: a column of an embedded to-one resource (top level only). */
  relation?: string;
  field: FieldPath;
  dir?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export const OPERATORS = new Set([
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'is', 'isdistinct', 'in',
  'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj', 'fts', 'plfts', 'phfts', 'wfts',
]);

/** PostgREST's parse error: 400 PGRST100 with the failing text in the message. */
export function parseError(what: string, text: string, details: string | null = null): RestError {
  return new RestError(400, pgrstError('PGRST100', `"failed to parse ${what} (${text})" (line 1, column 1)`, details, null));
}

/** Splits on `sep` at nesting depth 0, outside double quotes (values may be "quoted, like this"). */
export function splitTopLevel(text: string, sep = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) current += text[++i];
      else if (ch === '"') quoted = false;
      continue;
    }
    // Parentheses (lists, nested trees) and braces (array literals like cs.{a,b}) both nest.
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    if (depth < 0) throw new Error('unbalanced parentheses');
    if (ch === sep && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted || depth !== 0) throw new Error('unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

function unquote(text: string): string {
  const t = text.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) return t.slice(1, -1).replace(/\\(.)/g, '$1');
  return t;
}

const NAME = /^[^\s.,:()!"'\->]+$/u;

function parseName(raw: string, what: string, whole: string): string {
  const t = raw.trim();
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) return t.slice(1, -1).replace(/""/g, '"');
  if (!NAME.test(t)) throw parseError(what, whole);
  return t;
}

/** `col`, `col->a->>b`, `"odd name"->0`. */
export function parseField(raw: string, what = 'field', whole = raw): FieldPath {
  const text = raw.trim();
  let name: string;
  let rest: string;
  if (text.startsWith('"')) {
    const end = text.indexOf('"', 1);
    if (end < 0) throw parseError(what, whole);
    name = parseName(text.slice(0, end + 1), what, whole);
    rest = text.slice(end + 1);
  } else {
    const at = text.indexOf('->');
    name = parseName(at < 0 ? text : text.slice(0, at), what, whole);
    rest = at < 0 ? '' : text.slice(at);
  }
  const json: JsonStep[] = [];
  if (rest !== '') {
    const tokens = rest.split(/(->>?)/);
    if (tokens[0] !== '') throw parseError(what, whole);
    for (let i = 1; i < tokens.length; i += 2) {
      const key = unquote(tokens[i + 1] ?? '');
      if (key === '') throw parseError(what, whole);
      json.push({ arrow: tokens[i] as '->' | '->>', key });
    }
  }
  return { name, json };
}

const CAST = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?$/;

/** `….sum()` / `count()` at the end of a select item, with an optional cast of the result. */
const AGGREGATE_SUFFIX = /(^|[.:])(count|sum|avg|min|max)\(\)(?:::([A-Za-z_][A-Za-z0-9_ ]*(?:\[\])?))?$/;

/** How deep `select` may embed and `or=`/`and=` may nest: past this a request is an attack, not a query. */
export const MAX_EMBED_DEPTH = 16;
export const MAX_LOGIC_DEPTH = 32;

/** The deepest parenthesis nesting in `text`, outside double quotes. */
export function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && quoted) i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') max = Math.max(max, ++depth);
    else if (!quoted && ch === ')') depth--;
  }
  return max;
}

function limitDepth(text: string, max: number, what: string): void {
  if (nestingDepth(text) > max) {
    throw new RestError(400, pgrstError('PGRST100', `"failed to parse ${what} parameter: nested more than ${max} levels deep"`, null, `Nest ${what} at most ${max} levels deep`));
  }
}

/** The `select` parameter: `*`, `a,b:c,d::text,e->f`, `rel(…)`, `alias:rel!fk!inner(…)`. */
export function parseSelect(text: string | null | undefined): SelectItem[] {
  const raw = text ?? '*';
  limitDepth(raw, MAX_EMBED_DEPTH, 'select');
  const source = raw.replace(/\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/g, '');
  if (source === '') return [{ kind: 'star' }];
  let parts: string[];
  try {
    parts = splitTopLevel(source);
  } catch {
    throw parseError('select', source);
  }
  return parts.map((part) => parseSelectItem(part, source));
}

function parseSelectItem(part: string, whole: string): SelectItem {
  if (part === '') throw parseError('select', whole, 'unexpected "," expecting field name (* or [a..z0..9_$])');
  if (part === '*') return { kind: 'star' };
  const aggregate = AGGREGATE_SUFFIX.exec(part);
  if (aggregate && !part.slice(0, aggregate.index).includes('(')) return parseAggregate(part, aggregate, whole);
  const open = part.indexOf('(');
  if (open >= 0 && !part.slice(0, open).includes('"')) {
    if (!part.endsWith(')')) throw parseError('select', whole);
    let head = part.slice(0, open);
    const inner = part.slice(open + 1, -1);
    let alias: string | undefined;
    const colon = head.indexOf(':');
    if (colon >= 0) {
      alias = parseName(head.slice(0, colon), 'select', whole);
      head = head.slice(colon + 1);
    }
    const spread = head.startsWith('...');
    if (spread) {
      if (alias !== undefined) throw parseError('select', whole, 'a spread embed has no alias');
      head = head.slice(3);
    }
    const [rel, ...bangs] = head.split('!');
    const relation = parseName(rel, 'select', whole);
    let hint: string | undefined;
    let innerJoin = false;
    for (const b of bangs) {
      if (b === 'inner') innerJoin = true;
      else if (b === 'left') innerJoin = false;
      else if (hint === undefined) hint = parseName(b, 'select', whole);
      else throw parseError('select', whole);
    }
    return { kind: 'embed', relation, alias, hint, inner: innerJoin, spread, select: inner === '' ? [] : parseSelect(inner) };
  }
  let rest = part;
  let alias: string | undefined;
  // `alias:field` — but not the `::` of a cast.
  const aliasMatch = /^("(?:[^"]|"")+"|[^:"]+):(?!:)/.exec(rest);
  if (aliasMatch) {
    alias = parseName(aliasMatch[1], 'select', whole);
    rest = rest.slice(aliasMatch[0].length);
  }
  let cast: string | undefined;
  const castAt = rest.lastIndexOf('::');
  if (castAt >= 0) {
    cast = rest.slice(castAt + 2);
    rest = rest.slice(0, castAt);
    if (!CAST.test(cast)) throw parseError('select', whole);
  }
  return { kind: 'field', field: parseField(rest, 'select', whole), alias, cast };
}

/** `[alias:]count()[::cast]` or `[alias:]field[::cast].fn()[::cast]`. */
function parseAggregate(part: string, m: RegExpExecArray, whole: string): SelectItem {
  const fn = m[2] as AggregateFn;
  const aggregateCast = m[3];
  const before = part.slice(0, m.index);
  if (m[1] !== '.') {
    // No field: only `count()` (optionally aliased) counts rows.
    const alias = /^("(?:[^"]|"")+"|[^:"]+)?$/.exec(before);
    if (fn !== 'count' || !alias) throw parseError('select', whole);
    return { kind: 'aggregate', fn, alias: alias[1] === undefined ? undefined : parseName(alias[1], 'select', whole), aggregateCast };
  }
  const field = parseSelectItem(before, whole);
  if (field.kind !== 'field') throw parseError('select', whole);
  return { kind: 'aggregate', fn, field: field.field, alias: field.alias, cast: field.cast, aggregateCast };
}

/** `[not.]op[(modifier)].value` — the right-hand side of a filter parameter. */
export function parseFilterValue(field: FieldPath, raw: string, whole: string): Filter {
  let text = raw;
  let negate = false;
  if (text.startsWith('not.')) {
    negate = true;
    text = text.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(text);
  if (!m || !OPERATORS.has(m[1])) throw parseError('filter', whole, `unexpected "${text.slice(0, 12)}" expecting an operator (eq, neq, gt, …)`);
  const [, op, modifier, value] = m;
  if (modifier !== undefined) {
    const fts = op.endsWith('fts');
    if (!fts && modifier !== 'any' && modifier !== 'all') throw parseError('filter', whole);
    if (fts && !/^[A-Za-z_][A-Za-z0-9_.]*$/.test(modifier)) throw parseError('filter', whole);
  }
  if (op === 'is' && !/^(null|not_null|true|false|unknown)$/i.test(value)) {
    throw parseError('filter', whole, 'unexpected value for is: expecting null, not_null, true, false or unknown');
  }
  if (op === 'in' && !/^\(.*\)$/s.test(value)) throw parseError('filter', whole, 'unexpected value for in: expecting (value,value,…)');
  return { kind: 'filter', field, negate, op, modifier, value };
}

/** A `key=value` query parameter that is a filter (`col=eq.1`) on `field`. */
export function parseFilterParam(key: string, value: string): Filter {
  const whole = `${key}=${value}`;
  return parseFilterValue(parseField(key, 'filter', whole), value, whole);
}

/** `(a.eq.1,or(b.gt.2,c.is.null))` — the value of an `or` / `and` parameter. */
export function parseLogic(op: 'and' | 'or', negate: boolean, value: string): Logic {
  const whole = `${negate ? 'not.' : ''}${op}=${value}`;
  if (!value.startsWith('(') || !value.endsWith(')')) throw parseError('logic tree', whole, 'expecting "(" and ")" around the conditions');
  limitDepth(value, MAX_LOGIC_DEPTH, 'logic tree');
  return { kind: 'logic', op, negate, children: parseConditions(value.slice(1, -1), whole) };
}

function parseConditions(inner: string, whole: string): Condition[] {
  let parts: string[];
  try {
    parts = splitTopLevel(inner);
  } catch {
    throw parseError('logic tree', whole);
  }
  if (parts.length === 1 && parts[0].trim() === '') throw parseError('logic tree', whole, 'expecting at least one condition');
  return parts.map((part) => {
    const p = part.trim();
    const logic = /^(not\.)?(and|or)\((.*)\)$/s.exec(p);
    if (logic) {
      return { kind: 'logic', op: logic[2] as 'and' | 'or', negate: Boolean(logic[1]), children: parseConditions(logic[3], whole) } satisfies Logic;
    }
    // field.[not.]op.value — the field ends at the first '.' outside quotes.
    const fieldMatch = /^("(?:[^"]|"")+"(?:->>?[^.]+)*|[^.]+)\.(.*)$/s.exec(p);
    if (!fieldMatch) throw parseError('logic tree', whole);
    const f = parseFilterValue(parseField(fieldMatch[1], 'logic tree', whole), fieldMatch[2], whole);
    // Inside a logic tree values may be double-quoted to protect commas and parentheses.
    if (f.op !== 'in') f.value = unquote(f.value);
    return f;
  });
}

/** `a.desc.nullslast,b` — the value of an `order` parameter. */
export function parseOrder(value: string): OrderTerm[] {
  let parts: string[];
  try {
    parts = splitTopLevel(value);
  } catch {
    throw parseError('order', value);
  }
  return parts.map((part) => {
    const text = part.trim();
    const related = /^([^().]+)\(([^()]+)\)((?:\.[a-z]+)*)$/.exec(text);
    const segs = related ? ['', ...related[3].split('.').slice(1)] : text.split('.');
    const terms: OrderTerm = related
      ? { relation: parseName(related[1], 'order', value), field: parseField(related[2], 'order', value) }
      : { field: parseField(segs[0], 'order', value) };
    for (const s of segs.slice(1)) {
      if (s === 'asc' || s === 'desc') terms.dir = s;
      else if (s === 'nullsfirst') terms.nulls = 'first';
      else if (s === 'nullslast') terms.nulls = 'last';
      else throw parseError('order', value, `unexpected "${s}" expecting "asc", "desc", "nullsfirst" or "nullslast"`);
    }
    return terms;
  });
}

/** Items of an `in.(…)` list or `{…}` modifier list, quotes removed. */
export function parseList(value: string, whole: string): string[] {
  const inner = value.replace(/^[({]/, '').replace(/[)}]$/, '');
  if (inner.trim() === '') return [];
  try {
    return splitTopLevel(inner).map(unquote);
  } catch {
    throw parseError('filter', whole);
  }
}
