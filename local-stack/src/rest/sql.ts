import { RestError, pgrstError } from './errors.js';
import { type Catalogue, type RoutineDef, type Table, describeRelationship, findEmbedTarget, findRelationships, rowFunctions } from './catalogue.js';
import { type Condition, type FieldPath, type Filter, type OrderTerm, type SelectItem, parseError, parseList } from './parse.js';

/**
 * Turns parsed requests into SQL. Identifiers come only from the catalogue (then quoted);
 * every value, JSON key, limit and offset is a numbered parameter.
 */

export class Params {
  readonly values: Array<string | null> = [];
  add(value: string | null): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function tableRef(t: Table): string {
  return `${ident(t.schema)}.${ident(t.name)}`;
}

/** Filters, order and limits that apply inside an embedded resource (`rel.col=eq.1`, `rel.order=…`). */
export interface Scope {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: string;
  offset?: string;
  children: Map<string, Scope>;
}

/** One item of a select list: its SQL, its output name (null for `t.*`), its GROUP BY keys (null: an aggregate). */
interface SelectPart {
  expr: string;
  name: string | null;
  group: string[] | null;
}

export interface SelectList {
  list: string;
  /** `exists (…)` conditions of `!inner` embeds, for the parent's WHERE. */
  innerConditions: string[];
  /** ` group by …` when the list aggregates, else ''. */
  groupBy: string;
}

export function emptyScope(): Scope {
  return { conditions: [], order: [], children: new Map() };
}

export class SqlBuilder {
  private aliasCount = 0;
  constructor(
    readonly cat: Catalogue,
    readonly params: Params = new Params(),
  ) {}

  nextAlias(): string {
    return `t${this.aliasCount++}`;
  }

  /** PostgREST answers an unknown column with PostgreSQL's own 42703. */
  column(table: Table, name: string) {
    const col = table.columns.get(name);
    if (!col) throw new RestError(400, pgrstError('42703', `column ${table.name}.${name} does not exist`, null, null));
    return col;
  }

  /** A computed field: `f(t)` of the table's row type answering a value, used like a column. */
  computed(table: Table, name: string): RoutineDef | undefined {
    if (table.columns.has(name)) return undefined;
    const defs = rowFunctions(this.cat, table, name, false);
    return defs.length === 1 ? defs[0] : undefined;
  }

  field(table: Table, alias: string, f: FieldPath): string {
    const fn = this.computed(table, f.name);
    if (!fn) this.column(table, f.name);
    let sql = fn ? `${ident(fn.schema)}.${ident(fn.name)}(${ident(alias)})` : `${ident(alias)}.${ident(f.name)}`;
    for (const step of f.json) {
      sql += /^-?\d+$/.test(step.key) ? `${step.arrow}${Number(step.key)}` : `${step.arrow}${this.params.add(step.key)}::text`;
    }
    return f.json.length > 0 ? `(${sql})` : sql;
  }

  outputName(f: FieldPath): string {
    return f.json.length > 0 ? f.json[f.json.length - 1].key : f.name;
  }

  /**
   * The select list of `table` (aliased `alias`), embedded resources included. With an aggregate
   * in the list (PostgREST 12), every other item becomes a GROUP BY key, as PostgREST does it.
   */
  selectList(table: Table, alias: string, items: SelectItem[], scope: Scope): SelectList {
    const parts: SelectPart[] = [];
    const innerConditions: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') {
        if (items.some((i) => i.kind === 'aggregate')) {
          // Grouped: `*` stands for each column, so each can be a GROUP BY key.
          for (const c of table.columns.values()) parts.push({ expr: `${ident(alias)}.${ident(c.name)}`, name: c.name, group: [`${ident(alias)}.${ident(c.name)}`] });
        } else parts.push({ expr: `${ident(alias)}.*`, name: null, group: [] });
      } else if (item.kind === 'field') {
        // The legacy `rel(count)` (no parentheses) counts the embedded rows when no column is called count.
        if (item.field.name === 'count' && item.field.json.length === 0 && !table.columns.has('count') && !item.cast) {
          parts.push({ expr: 'count(*)', name: item.alias ?? 'count', group: null });
          continue;
        }
        let expr = this.field(table, alias, item.field);
        if (item.cast) expr = `(${expr})::${item.cast}`;
        parts.push({ expr, name: item.alias ?? this.outputName(item.field), group: [expr] });
      } else if (item.kind === 'aggregate') {
        if (!this.cat.aggregatesEnabled) {
          throw new RestError(
            400,
            pgrstError('PGRST123', 'Use of aggregate functions is not allowed', null, null),
          );
        }
        let input = '*';
        if (item.field) {
          input = this.field(table, alias, item.field);
          if (item.cast) input = `(${input})::${item.cast}`;
        }
        let expr = `${item.fn}(${input})`;
        if (item.aggregateCast) expr = `(${expr})::${item.aggregateCast}`;
        parts.push({ expr, name: item.alias ?? item.fn, group: null });
      } else {
        // Two embeds under one name would give one JSON key twice; PostgREST's SQL fails on its
        // alias for them (42712), so does this.
        const name = item.alias ?? item.relation;
        if (!item.spread && items.some((o) => o !== item && o.kind === 'embed' && !o.spread && (o.alias ?? o.relation) === name)) {
          throw new RestError(400, pgrstError('42712', `table name "${table.name}_${name}_1" specified more than once`, null, null));
        }
        const embedded = this.embed(table, alias, item, scope.children.get(name) ?? emptyScope());
        parts.push(...embedded.parts);
        if (embedded.inner) innerConditions.push(embedded.inner);
      }
    }
    const grouped = parts.some((p) => p.group === null);
    const list = parts.length > 0 ? parts.map((p) => (p.name === null ? p.expr : `${p.expr} as ${ident(p.name)}`)).join(', ') : `${ident(alias)}.*`;
    const keys = grouped ? [...new Set(parts.flatMap((p) => p.group ?? []))] : [];
    return { list, innerConditions, groupBy: keys.length > 0 ? ` group by ${keys.join(', ')}` : '' };
  }

  /** The relationship an embed names, its target aliased, the FROM (with a join table) and the join to the parent. */
  private relate(parent: Table, parentAlias: string, item: { relation: string; hint?: string }) {
    const found = findEmbedTarget(this.cat, parent, item.relation);
    const notFound = () =>
      new RestError(
        400,
        pgrstError(
          'PGRST200',
          `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`,
          `Searched for a foreign key relationship between '${parent.name}' and '${item.relation}'${item.hint === undefined ? '' : ` using the hint '${item.hint}'`} in the schema '${parent.schema}', but no matches were found.`,
          null,
        ),
      );
    if (!found) {
      const computed = this.computedRelation(parent, parentAlias, item.relation);
      if (computed) return computed;
      throw notFound();
    }
    const rels = findRelationships(this.cat, parent, found.target, item.hint ?? found.hint, item.hint === undefined ? found.direction : undefined);
    if (rels.length === 0) throw notFound();
    if (rels.length > 1) {
      throw new RestError(
        300,
        pgrstError(
          'PGRST201',
          `Could not embed because more than one relationship was found for '${parent.name}' and '${item.relation}'`,
          rels.map((r) => describeRelationship(parent, r)),
          `Try changing '${item.relation}' to one of the following: ${rels.map((r) => `'${item.relation}!${r.junction ? r.junction.table.name : r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
        ),
      );
    }
    const rel = rels[0];
    const target = rel.target;
    const alias = this.nextAlias();
    let from = `${tableRef(target)} as ${ident(alias)}`;
    let join: string[];
    /** The parent's columns the embed depends on: GROUP BY keys when the parent is grouped. */
    let parentKeys: string[];
    if (rel.junction) {
      // Through the join table: target ⋈ junction, the junction's other key pointing at the parent.
      const j = this.nextAlias();
      const t = rel.junction.targetFk;
      from += ` join ${tableRef(rel.junction.table)} as ${ident(j)} on ${t.columns.map((c, i) => `${ident(j)}.${ident(c)} = ${ident(alias)}.${ident(t.refColumns[i])}`).join(' and ')}`;
      join = rel.fk.columns.map((c, i) => `${ident(j)}.${ident(c)} = ${ident(parentAlias)}.${ident(rel.fk.refColumns[i])}`);
      parentKeys = rel.fk.refColumns;
    } else if (rel.parentHoldsKey) {
      join = rel.fk.columns.map((c, i) => `${ident(alias)}.${ident(rel.fk.refColumns[i])} = ${ident(parentAlias)}.${ident(c)}`);
      parentKeys = rel.fk.columns;
    } else {
      join = rel.fk.columns.map((c, i) => `${ident(alias)}.${ident(c)} = ${ident(parentAlias)}.${ident(rel.fk.refColumns[i])}`);
      parentKeys = rel.fk.refColumns;
    }
    return { rel, target, alias, from, join, parentKeys };
  }

  /**
   * A computed relationship: `f(parent_row)` returning rows of a table or view, embedded like a
   * foreign-key relationship — one object when it returns a single row (not `setof`, or
   * `setof … rows 1`), else an array.
   */
  private computedRelation(parent: Table, parentAlias: string, relation: string) {
    const defs = rowFunctions(this.cat, parent, relation, true);
    if (defs.length !== 1) return undefined;
    const def = defs[0];
    const target = this.cat.tables.get(def.returnsRelation!)!;
    const alias = this.nextAlias();
    return {
      rel: { toOne: !def.returnsSet || def.rows === 1 },
      target,
      alias,
      from: `${ident(def.schema)}.${ident(def.name)}(${ident(parentAlias)}) as ${ident(alias)}`,
      join: [] as string[],
      // The whole parent row is the function's input: grouped, its key (or every column) is the group.
      parentKeys: parent.primaryKey.length > 0 ? parent.primaryKey : [...parent.columns.keys()],
    };
  }

  private embed(parent: Table, parentAlias: string, item: Extract<SelectItem, { kind: 'embed' }>, scope: Scope): { parts: SelectPart[]; inner?: string } {
    const { rel, target, alias, from, join, parentKeys } = this.relate(parent, parentAlias, item);
    const group = parentKeys.map((c) => `${ident(parentAlias)}.${ident(c)}`);
    const { list, innerConditions, groupBy } = this.selectList(target, alias, item.select, scope);
    const where = [...join, ...scope.conditions.map((c) => this.condition(target, alias, c)), ...innerConditions];
    const whereSql = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const name = item.alias ?? item.relation;
    const inner = item.inner ? `exists (select 1 from ${from} ${whereSql})` : undefined;
    // `rel()`: nothing of it in the output; it can still filter the parent (`rel!inner()`).
    if (item.select.length === 0) return { parts: [], inner };
    if (item.spread) {
      if (!rel.toOne) {
        throw new RestError(
          400,
          pgrstError('PGRST119', `A spread operation on '${item.relation}' is not possible`, `'${parent.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`, null),
        );
      }
      // `...rel(a,b)`: the embedded object's keys become the parent's own columns.
      const row = `(select row_to_json(_e) from (select ${list} from ${from} ${whereSql}${groupBy} limit 1) _e)`;
      const keys = this.outputNames(target, item.select);
      return { parts: keys.map((k) => ({ expr: `(${row} -> ${this.params.add(k)}::text)`, name: k, group })), inner };
    }
    if (rel.toOne) {
      return { parts: [{ expr: `(select row_to_json(_e) from (select ${list} from ${from} ${whereSql}${groupBy} limit 1) _e)`, name, group }], inner };
    }
    const order = this.orderBy(target, alias, scope.order);
    const limit = this.limitOffset(scope.limit, scope.offset);
    return {
      parts: [{ expr: `coalesce((select json_agg(_e) from (select ${list} from ${from} ${whereSql}${groupBy}${order}${limit}) _e), '[]'::json)`, name, group }],
      inner,
    };
  }

  /** The keys a select list produces (for a spread embed). */
  private outputNames(table: Table, items: SelectItem[]): string[] {
    const names: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') names.push(...table.columns.keys());
      else if (item.kind === 'field') names.push(item.alias ?? this.outputName(item.field));
      else if (item.kind === 'aggregate') names.push(item.alias ?? item.fn);
      else if (item.spread) {
        const found = findEmbedTarget(this.cat, table, item.relation);
        if (found) names.push(...this.outputNames(found.target, item.select));
      } else names.push(item.alias ?? item.relation);
    }
    return names;
  }

  condition(table: Table, alias: string, c: Condition): string {
    if (c.kind === 'logic') {
      const inner = c.children.map((child) => this.condition(table, alias, child)).join(c.op === 'and' ? ' and ' : ' or ');
      return c.negate ? `not (${inner})` : `(${inner})`;
    }
    const sql = this.filter(table, alias, c);
    return c.negate ? `not (${sql})` : sql;
  }

  private filter(table: Table, alias: string, f: Filter): string {
    const expr = this.field(table, alias, f.field);
    const whole = `${f.field.name}=${f.op}.${f.value}`;
    const simple: Record<string, string> = {
      eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
      isdistinct: 'is distinct from', cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxr: '&<', nxl: '&>', adj: '-|-',
    };
    const pattern = (v: string) => (f.op === 'like' || f.op === 'ilike' ? v.replace(/\*/g, '%') : v);
    if (f.op === 'is') {
      const v = f.value.toLowerCase();
      return v === 'not_null' ? `${expr} is not null` : `${expr} is ${v}`;
    }
    if (f.op === 'in') {
      const items = parseList(f.value, whole);
      if (items.length === 0) return 'false';
      return `${expr} in (${items.map((v) => this.params.add(v)).join(', ')})`;
    }
    if (f.op.endsWith('fts')) {
      const fn = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' }[f.op]!;
      const cfg = f.modifier ? `${this.params.add(f.modifier)}::regconfig, ` : '';
      const isVector = f.field.json.length === 0 && (this.computed(table, f.field.name)?.returnType ?? this.column(table, f.field.name).type) === 'tsvector';
      const doc = isVector ? expr : `to_tsvector(${cfg}${expr})`;
      return `${doc} @@ ${fn}(${cfg}${this.params.add(f.value)})`;
    }
    const op = simple[f.op];
    if (!op) throw parseError('filter', whole);
    if (f.modifier === 'any' || f.modifier === 'all') {
      const items = parseList(f.value, whole);
      if (items.length === 0) return f.modifier === 'any' ? 'false' : 'true';
      return `(${items.map((v) => `${expr} ${op} ${this.params.add(pattern(v))}`).join(f.modifier === 'any' ? ' or ' : ' and ')})`;
    }
    return `${expr} ${op} ${this.params.add(pattern(f.value))}`;
  }

  /** `order=col.desc`, and (top level) `order=rel(col).desc` on an embedded to-one resource. */
  orderBy(table: Table, alias: string, terms: OrderTerm[], select: SelectItem[] = []): string {
    if (terms.length === 0) return '';
    return ` order by ${terms
      .map((t) => `${t.relation ? this.relatedOrder(table, alias, t, select) : this.field(table, alias, t.field)}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`)
      .join(', ')}`;
  }

  private relatedOrder(table: Table, alias: string, t: OrderTerm, select: SelectItem[]): string {
    const name = t.relation!;
    const embed = select.find((i): i is Extract<SelectItem, { kind: 'embed' }> => i.kind === 'embed' && (i.alias === name || i.relation === name));
    if (!embed) {
      throw new RestError(400, pgrstError('PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`));
    }
    const r = this.relate(table, alias, embed);
    if (!r.rel.toOne) {
      throw new RestError(400, pgrstError('PGRST118', `A related order on '${name}' is not possible`, `'${table.name}' and '${name}' do not form a many-to-one or one-to-one relationship`, null));
    }
    return `(select ${this.field(r.target, r.alias, t.field)} from ${r.from}${r.join.length > 0 ? ` where ${r.join.join(' and ')}` : ''} limit 1)`;
  }

  limitOffset(limit: string | undefined, offset: string | undefined): string {
    let sql = '';
    if (limit !== undefined) {
      if (!/^\d+$/.test(limit)) throw parseError('limit', limit);
      sql += ` limit ${this.params.add(limit)}::bigint`;
    }
    if (offset !== undefined) {
      if (!/^\d+$/.test(offset)) throw parseError('offset', offset);
      sql += ` offset ${this.params.add(offset)}::bigint`;
    }
    return sql;
  }

  where(table: Table, alias: string, conditions: Condition[], extra: string[] = []): string {
    const parts = [...conditions.map((c) => this.condition(table, alias, c)), ...extra];
    return parts.length > 0 ? ` where ${parts.join(' and ')}` : '';
  }
}
