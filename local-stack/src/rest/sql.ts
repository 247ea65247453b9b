import { RestError, pgrstError } from './errors.js';
import { type Catalogue, type Table, findEmbedTarget, findRelationships } from './catalogue.js';
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

  field(table: Table, alias: string, f: FieldPath): string {
    this.column(table, f.name);
    let sql = `${ident(alias)}.${ident(f.name)}`;
    for (const step of f.json) {
      sql += /^-?\d+$/.test(step.key) ? `${step.arrow}${Number(step.key)}` : `${step.arrow}${this.params.add(step.key)}::text`;
    }
    return f.json.length > 0 ? `(${sql})` : sql;
  }

  outputName(f: FieldPath): string {
    return f.json.length > 0 ? f.json[f.json.length - 1].key : f.name;
  }

  /** The select list of `table` (aliased `alias`), embedded resources included. */
  selectList(table: Table, alias: string, items: SelectItem[], scope: Scope): { list: string; innerConditions: string[] } {
    const parts: string[] = [];
    const innerConditions: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') parts.push(`${ident(alias)}.*`);
      else if (item.kind === 'field') {
        let expr = this.field(table, alias, item.field);
        if (item.cast) expr = `(${expr})::${item.cast}`;
        parts.push(`${expr} as ${ident(item.alias ?? this.outputName(item.field))}`);
      } else {
        const embedded = this.embed(table, alias, item, scope.children.get(item.alias ?? item.relation) ?? emptyScope());
        parts.push(embedded.select);
        if (embedded.inner) innerConditions.push(embedded.inner);
      }
    }
    return { list: parts.length > 0 ? parts.join(', ') : `${ident(alias)}.*`, innerConditions };
  }

  private embed(parent: Table, parentAlias: string, item: Extract<SelectItem, { kind: 'embed' }>, scope: Scope): { select: string; inner?: string } {
    const found = findEmbedTarget(this.cat, parent, item.relation);
    const notFound = () =>
      new RestError(
        400,
        pgrstError(
          'PGRST200',
          `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`,
          `Searched for a foreign key relationship between '${parent.name}' and '${item.relation}' in the schema '${parent.schema}', but no matches were found.`,
          null,
        ),
      );
    if (!found) throw notFound();
    const rels = findRelationships(this.cat, parent, found.target, item.hint ?? found.hint);
    if (rels.length === 0) {
      // A table with foreign keys to both sides is PostgREST's many-to-many junction.
      const junction = this.cat.foreignKeys.find(
        (a) =>
          a.refSchema === parent.schema && a.refTable === parent.name &&
          this.cat.foreignKeys.some((b) => b.schema === a.schema && b.table === a.table && b.refSchema === found.target.schema && b.refTable === found.target.name),
      );
      if (junction) {
        throw new RestError(
          400,
          pgrstError(
            'PGRST200',
            `Could not find a relationship between '${parent.name}' and '${item.relation}' in the schema cache`,
            `Many-to-many embedding through the join table '${junction.table}' is not implemented by the local stack`,
            `Embed the join table instead: ${junction.table}(${item.relation}(*))`,
          ),
        );
      }
      throw notFound();
    }
    if (rels.length > 1) {
      throw new RestError(
        300,
        pgrstError(
          'PGRST201',
          `Could not embed because more than one relationship was found for '${parent.name}' and '${item.relation}'`,
          JSON.stringify(rels.map((r) => ({ cardinality: r.toOne ? 'many-to-one' : 'one-to-many', relationship: `${r.fk.name} using ${r.fk.table}(${r.fk.columns.join(', ')}) and ${r.fk.refTable}(${r.fk.refColumns.join(', ')})` }))),
          `Try changing '${item.relation}' to one of the following: ${rels.map((r) => `'${item.relation}!${r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
        ),
      );
    }
    const rel = rels[0];
    const target = rel.target;
    const alias = this.nextAlias();
    const join = rel.fk.columns.map((c, i) =>
      rel.toOne
        ? `${ident(alias)}.${ident(rel.fk.refColumns[i])} = ${ident(parentAlias)}.${ident(c)}`
        : `${ident(alias)}.${ident(c)} = ${ident(parentAlias)}.${ident(rel.fk.refColumns[i])}`,
    );
    const { list, innerConditions } = this.selectList(target, alias, item.select, scope);
    const where = [...join, ...scope.conditions.map((c) => this.condition(target, alias, c)), ...innerConditions];
    const whereSql = `where ${where.join(' and ')}`;
    const name = ident(item.alias ?? item.relation);
    const inner = item.inner ? `exists (select 1 from ${tableRef(target)} as ${ident(alias)} ${whereSql})` : undefined;
    if (rel.toOne) {
      return { select: `(select row_to_json(_e) from (select ${list} from ${tableRef(target)} as ${ident(alias)} ${whereSql} limit 1) _e) as ${name}`, inner };
    }
    const order = this.orderBy(target, alias, scope.order);
    const limit = this.limitOffset(scope.limit, scope.offset);
    return {
      select: `coalesce((select json_agg(_e) from (select ${list} from ${tableRef(target)} as ${ident(alias)} ${whereSql}${order}${limit}) _e), '[]'::json) as ${name}`,
      inner,
    };
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
      const isVector = f.field.json.length === 0 && this.column(table, f.field.name).type === 'tsvector';
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

  orderBy(table: Table, alias: string, terms: OrderTerm[]): string {
    if (terms.length === 0) return '';
    return ` order by ${terms
      .map((t) => `${this.field(table, alias, t.field)}${t.dir ? ` ${t.dir}` : ''}${t.nulls ? ` nulls ${t.nulls}` : ''}`)
      .join(', ')}`;
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
