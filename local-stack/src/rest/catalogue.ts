import type { Database, Queryable } from '../db/types.js';

/**
 * PostgREST's "schema cache": tables, views, columns, keys, foreign keys and functions of the
 * exposed schemas, read from pg_catalog. Nothing about the project's schema is hard-coded.
 */

export interface Column {
  name: string;
  /** format_type() spelling, usable in casts and column definition lists. */
  type: string;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
  /**
   * The DEFAULT expression as SQL (identity BY DEFAULT: its sequence's nextval); absent when there
   * is none or it cannot be written out (GENERATED columns, identity ALWAYS).
   */
  defaultExpr?: string;
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
  /** Columns of each UNIQUE constraint (one-to-one detection, as PostgREST does it). */
  uniqueKeys?: string[][];
}

export interface ForeignKey {
  name: string;
  schema: string;
  table: string;
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface RoutineDef {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  /** 'composite' for rows (table types, records with OUT args), 'void', or 'scalar'. */
  returns: 'composite' | 'void' | 'scalar';
  returnType: string;
  /** Columns of a `returns table (…)` / OUT-parameter result. */
  outColumns: Column[];
  volatility: 'i' | 's' | 'v';
  /** `schema.name` of the table or view whose row type is the single input parameter (computed fields and relationships). */
  rowArg?: string;
  /** `schema.name` of the table or view whose row type the function returns. */
  returnsRelation?: string;
  /** The planner's row estimate (`ROWS n`); a set function declared `ROWS 1` embeds as one object. */
  rows: number;
}

export interface Catalogue {
  tables: Map<string, Table>; // key: schema.name
  foreignKeys: ForeignKey[];
  routines: Map<string, RoutineDef[]>; // key: schema.name
  /**
   * PostgREST's `db-aggregates-enabled`, read as PostgREST reads in-database configuration: the
   * `pgrst.db_aggregates_enabled` setting of the `authenticator` role (off unless set).
   */
  aggregatesEnabled: boolean;
}

const key = (schema: string, name: string) => `${schema}.${name}`;

export async function loadCatalogue(db: Database, schemas: string[]): Promise<Catalogue> {
  return db.admin(async (q) => {
    const cols = await q.query<{
      schema: string;
      table: string;
      relkind: string;
      column: string;
      type: string;
      not_null: boolean;
      has_default: boolean;
      generated: boolean;
      default_expr: string | null;
    }>(
      `select n.nspname as schema, c.relname as table, c.relkind::text as relkind, a.attname as column,
              format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
              (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
              a.attgenerated <> '' as generated,
              case when a.attgenerated <> '' then null
                   when a.attidentity = 'd' then format('nextval(%L::regclass)', pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname))
                   when a.attidentity = '' then pg_get_expr(d.adbin, d.adrelid) end as default_expr
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
        where n.nspname = any($1::text[]) and c.relkind in ('r', 'v', 'm', 'f', 'p')
        order by n.nspname, c.relname, a.attnum`,
      [schemas],
    );
    const tables = new Map<string, Table>();
    for (const r of cols.rows) {
      const k = key(r.schema, r.table);
      let t = tables.get(k);
      if (!t) {
        t = { schema: r.schema, name: r.table, kind: r.relkind === 'r' || r.relkind === 'p' ? 'table' : 'view', columns: new Map(), primaryKey: [] };
        tables.set(k, t);
      }
      t.columns.set(r.column, { name: r.column, type: r.type, notNull: r.not_null, hasDefault: r.has_default, generated: r.generated, ...(r.default_expr ? { defaultExpr: r.default_expr } : {}) });
    }

    const constraints = await q.query<{
      contype: string;
      conname: string;
      schema: string;
      table: string;
      columns: string[];
      ref_schema: string | null;
      ref_table: string | null;
      ref_columns: string[] | null;
    }>(
      `select con.contype::text as contype, con.conname::text as conname, n.nspname::text as schema, c.relname::text as table,
              array(select a.attname::text from unnest(con.conkey) with ordinality k(num, ord)
                      join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.num order by k.ord) as columns,
              rn.nspname::text as ref_schema, rc.relname::text as ref_table,
              case when con.contype = 'f' then
                array(select a.attname::text from unnest(con.confkey) with ordinality k(num, ord)
                        join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.num order by k.ord)
              end as ref_columns
         from pg_constraint con
         join pg_class c on c.oid = con.conrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_class rc on rc.oid = con.confrelid
         left join pg_namespace rn on rn.oid = rc.relnamespace
        where con.contype in ('p', 'f', 'u') and n.nspname = any($1::text[])
        order by con.conname`,
      [schemas],
    );
    const foreignKeys: ForeignKey[] = [];
    for (const r of constraints.rows) {
      if (r.contype === 'p') {
        const t = tables.get(key(r.schema, r.table));
        if (t) t.primaryKey = r.columns;
      } else if (r.contype === 'u') {
        const t = tables.get(key(r.schema, r.table));
        if (t) t.uniqueKeys = [...(t.uniqueKeys ?? []), r.columns];
      } else if (r.ref_schema && r.ref_table && r.ref_columns && schemas.includes(r.ref_schema)) {
        foreignKeys.push({
          name: r.conname,
          schema: r.schema,
          table: r.table,
          columns: r.columns,
          refSchema: r.ref_schema,
          refTable: r.ref_table,
          refColumns: r.ref_columns,
        });
      }
    }

    await addViewRelationships(q, schemas, tables, foreignKeys);

    const fns = await q.query<{
      schema: string;
      name: string;
      arg_names: string[] | null;
      arg_modes: string[] | null;
      in_types: string[];
      all_types: string[] | null;
      n_defaults: number;
      returns_set: boolean;
      return_type: string;
      ret_typtype: string;
      ret_relid: number;
      volatility: string;
      row_arg: string | null;
      returns_relation: string | null;
      rows: number;
    }>(
      `select n.nspname::text as schema, p.proname::text as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as in_types,
              array(select format_type(t, null) from unnest(p.proallargtypes) t) as all_types,
              p.pronargdefaults::int as n_defaults, p.proretset as returns_set,
              format_type(p.prorettype, null) as return_type, rt.typtype::text as ret_typtype, rt.typrelid::int as ret_relid,
              p.provolatile::text as volatility, p.prorows::float8 as rows,
              case when p.pronargs = 1 then
                (select an.nspname || '.' || ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
                   join pg_namespace an on an.oid = ac.relnamespace where at.oid = p.proargtypes[0]) end as row_arg,
              (select rn.nspname || '.' || rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
                where rc.oid = rt.typrelid) as returns_relation
         from pg_proc p
         join pg_namespace n on n.oid = p.pronamespace
         join pg_type rt on rt.oid = p.prorettype
        where n.nspname = any($1::text[]) and p.prokind = 'f'`,
      [schemas],
    );
    const routines = new Map<string, RoutineDef[]>();
    for (const r of fns.rows) {
      const names = r.arg_names ?? [];
      const modes = r.arg_modes;
      const inputs: FunctionArg[] = [];
      let inIndex = 0;
      let hasOut = false;
      const outColumns: Column[] = [];
      const total = modes ? modes.length : r.in_types.length;
      for (let i = 0; i < total; i++) {
        const mode = modes ? modes[i] : 'i';
        if (mode === 'o' || mode === 't' || mode === 'b') {
          hasOut = true;
          outColumns.push({ name: names[i] ?? `column${i + 1}`, type: r.all_types?.[i] ?? 'text', notNull: false, hasDefault: false, generated: false });
          if (mode !== 'b') continue;
        }
        inputs.push({ name: names[i] ?? '', type: r.in_types[inIndex] ?? (r.all_types?.[i] ?? 'text'), hasDefault: false });
        inIndex++;
      }
      for (let i = inputs.length - r.n_defaults; i < inputs.length; i++) if (i >= 0) inputs[i].hasDefault = true;
      const composite = r.ret_relid !== 0 || (r.return_type === 'record' && hasOut) || r.ret_typtype === 'c';
      const def: RoutineDef = {
        schema: r.schema,
        name: r.name,
        args: inputs,
        returnsSet: r.returns_set,
        returns: r.return_type === 'void' ? 'void' : composite || r.return_type === 'record' ? 'composite' : 'scalar',
        returnType: r.return_type,
        outColumns,
        volatility: r.volatility as RoutineDef['volatility'],
        rows: Number(r.rows),
        ...(r.row_arg ? { rowArg: r.row_arg } : {}),
        ...(r.returns_relation ? { returnsRelation: r.returns_relation } : {}),
      };
      const k = key(r.schema, r.name);
      routines.set(k, [...(routines.get(k) ?? []), def]);
    }
    const settings = await q.query<{ setting: string }>(
      `select unnest(s.setconfig) as setting
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
        where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))`,
    );
    const aggregatesEnabled = settings.rows.some((r) => /^pgrst\.db_aggregates_enabled=(true|on|yes|1)$/i.test(r.setting));
    return { tables, foreignKeys, routines, aggregatesEnabled };
  });
}

/**
 * Views take part in relationships as PostgREST lets them: a view column that is its base table's
 * column of the same name (read from the view rule's dependencies in pg_depend) carries that
 * column's foreign keys, both ways, under the constraint's name; a view over one table keeps that
 * table's primary and unique keys. Renamed or computed view columns carry nothing.
 */
async function addViewRelationships(q: Queryable, schemas: string[], tables: Map<string, Table>, foreignKeys: ForeignKey[]): Promise<void> {
  const deps = await q.query<{ vschema: string; view: string; tschema: string; table: string; column: string }>(
    `select distinct vn.nspname::text as vschema, v.relname::text as view, tn.nspname::text as tschema, t.relname::text as table, a.attname::text as column
       from pg_rewrite r
       join pg_class v on v.oid = r.ev_class and v.relkind in ('v', 'm')
       join pg_namespace vn on vn.oid = v.relnamespace
       join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
       join pg_class t on t.oid = d.refobjid and t.oid <> v.oid and t.relkind in ('r', 'p')
       join pg_namespace tn on tn.oid = t.relnamespace
       join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      where vn.nspname = any($1::text[]) and tn.nspname = any($1::text[])`,
    [schemas],
  );
  /** base table key → views over it, each with the base columns it shows under the same name. */
  const over = new Map<string, Array<{ view: Table; columns: Set<string> }>>();
  const bases = new Map<Table, Set<string>>();
  for (const r of deps.rows) {
    const view = tables.get(key(r.vschema, r.view));
    if (!view || !view.columns.has(r.column)) continue;
    const k = key(r.tschema, r.table);
    const list = over.get(k) ?? [];
    let entry = list.find((e) => e.view === view);
    if (!entry) list.push((entry = { view, columns: new Set() }));
    entry.columns.add(r.column);
    over.set(k, list);
    bases.set(view, (bases.get(view) ?? new Set()).add(k));
  }
  const viewsShowing = (schema: string, table: string, columns: string[]) =>
    (over.get(key(schema, table)) ?? []).filter((e) => columns.every((c) => e.columns.has(c))).map((e) => e.view);
  for (const fk of [...foreignKeys]) {
    const froms = [tables.get(key(fk.schema, fk.table)), ...viewsShowing(fk.schema, fk.table, fk.columns)];
    const tos = [tables.get(key(fk.refSchema, fk.refTable)), ...viewsShowing(fk.refSchema, fk.refTable, fk.refColumns)];
    for (const [i, from] of froms.entries()) {
      for (const [j, to] of tos.entries()) {
        if (!from || !to || (i === 0 && j === 0)) continue;
        foreignKeys.push({ ...fk, schema: from.schema, table: from.name, refSchema: to.schema, refTable: to.name });
      }
    }
  }
  for (const [view, of] of bases) {
    if (of.size !== 1) continue;
    const base = tables.get([...of][0]);
    const shown = over.get([...of][0])!.find((e) => e.view === view)!.columns;
    if (!base || view.primaryKey.length > 0) continue;
    if (base.primaryKey.length > 0 && base.primaryKey.every((c) => shown.has(c))) view.primaryKey = base.primaryKey;
    const unique = (base.uniqueKeys ?? []).filter((u) => u.every((c) => shown.has(c)));
    if (unique.length > 0) view.uniqueKeys = unique;
  }
}

/** The relationship an embed uses, decided as PostgREST decides it (FK in either direction, or a join table). */
export interface Relationship {
  fk: ForeignKey;
  /**
   * true: at most one row (many-to-one, or one-to-one: the key is the other side's primary key or
   * unique), embedded as an object; false: one-to-many or many-to-many, embedded as an array.
   */
  toOne: boolean;
  /** The parent row holds the foreign key (many-to-one, or one-to-one from the referencing side). */
  parentHoldsKey: boolean;
  target: Table;
  /** Many-to-many: `fk` goes from the join table to the parent, `targetFk` from it to the target. */
  junction?: { table: Table; targetFk: ForeignKey };
}

const sameColumns = (a: string[], b: string[]) => a.length === b.length && a.every((c) => b.includes(c));

/** The key columns are the table's primary key or one of its unique constraints: one row at most. */
function isKey(table: Table, columns: string[]): boolean {
  return [table.primaryKey, ...(table.uniqueKeys ?? [])].some((k) => k.length > 0 && sameColumns(k, columns));
}

function cardinality(r: Relationship): string {
  if (r.junction) return 'many-to-many';
  if (!r.toOne) return 'one-to-many';
  return r.parentHoldsKey ? 'many-to-one' : 'one-to-one';
}

/** How PostgREST's PGRST201 details describe a candidate: seen from the parent, then the target. */
export function describeRelationship(parent: Table, r: Relationship): { cardinality: string; embedding: string; relationship: string } {
  const fk = r.fk;
  const embedding = `${parent.name} with ${r.target.name}`;
  if (r.junction) {
    const t = r.junction.targetFk;
    return { cardinality: cardinality(r), embedding, relationship: `${r.junction.table.name} using ${fk.name}(${fk.columns.join(', ')}) and ${t.name}(${t.columns.join(', ')})` };
  }
  const [own, other] = r.parentHoldsKey ? [fk.columns, fk.refColumns] : [fk.refColumns, fk.columns];
  return { cardinality: cardinality(r), embedding, relationship: `${fk.name} using ${parent.name}(${own.join(', ')}) and ${r.target.name}(${other.join(', ')})` };
}

/**
 * `direction`: the embed named a foreign key (its column or constraint) rather than a table, which
 * fixes the side: 'parent' when the parent holds that key, 'target' when the target does.
 */
export function findRelationships(cat: Catalogue, parent: Table, target: Table, hint?: string, direction?: 'parent' | 'target'): Relationship[] {
  const found: Relationship[] = [];
  const self = parent === target;
  // A hint names the constraint, or the (single) foreign-key column. On a self-reference PostgREST
  // matches the column only (its constraint name finds nothing: PGRST200).
  const matchesHint = (fk: ForeignKey) =>
    hint === undefined || (hint === fk.name && (!self || direction !== undefined)) || (fk.columns.length === 1 && fk.columns[0] === hint);
  for (const fk of cat.foreignKeys) {
    // A table embedding itself by name means its children (one-to-many); its parent is reached by
    // naming the key column (`parent_id(*)`), as PostgREST does it.
    if (direction !== 'target' && !(self && direction === undefined)) {
      if (fk.schema === parent.schema && fk.table === parent.name && fk.refSchema === target.schema && fk.refTable === target.name && matchesHint(fk)) {
        found.push({ fk, toOne: true, parentHoldsKey: true, target });
      }
    }
    if (direction !== 'parent' && fk.schema === target.schema && fk.table === target.name && fk.refSchema === parent.schema && fk.refTable === parent.name && matchesHint(fk)) {
      // The target holds the key: one-to-many, or one-to-one when its key columns are unique there.
      found.push({ fk, toOne: isKey(target, fk.columns), parentHoldsKey: false, target });
    }
  }
  if (direction !== undefined) return found;
  // Many-to-many: a join table with foreign keys to both sides whose columns are all part of its
  // primary key (or of one unique constraint). A hint may name the join table or either key.
  for (const toParent of cat.foreignKeys) {
    if (toParent.refSchema !== parent.schema || toParent.refTable !== parent.name) continue;
    const junction = cat.tables.get(key(toParent.schema, toParent.table));
    if (!junction || junction === parent || junction === target) continue;
    for (const toTarget of cat.foreignKeys) {
      if (toTarget === toParent || toTarget.schema !== junction.schema || toTarget.table !== junction.name) continue;
      if (toTarget.refSchema !== target.schema || toTarget.refTable !== target.name) continue;
      const cols = [...toParent.columns, ...toTarget.columns];
      const inKey = [junction.primaryKey, ...(junction.uniqueKeys ?? [])].some((k) => cols.every((c) => k.includes(c)));
      if (!inKey) continue;
      if (hint !== undefined && hint !== junction.name && !matchesHint(toParent) && !matchesHint(toTarget)) continue;
      found.push({ fk: toParent, toOne: false, parentHoldsKey: false, target, junction: { table: junction, targetFk: toTarget } });
    }
  }
  return found;
}

/**
 * An embed may also name a foreign key instead of a table, as PostgREST allows: a key column of the
 * parent (`owner:user_id(*)`) or a constraint in either direction (`best_friends_first_user_fkey(*)`
 * from the referenced table lists the rows that point at it).
 */
export function findEmbedTarget(cat: Catalogue, parent: Table, relation: string): { target: Table; hint?: string; direction?: 'parent' | 'target' } | undefined {
  const direct = cat.tables.get(key(parent.schema, relation));
  if (direct) return { target: direct };
  for (const fk of cat.foreignKeys) {
    if (fk.schema === parent.schema && fk.table === parent.name && (fk.name === relation || (fk.columns.length === 1 && fk.columns[0] === relation))) {
      const target = cat.tables.get(key(fk.refSchema, fk.refTable));
      if (target) return { target, hint: fk.name, direction: 'parent' };
    }
  }
  for (const fk of cat.foreignKeys) {
    if (fk.refSchema === parent.schema && fk.refTable === parent.name && fk.name === relation) {
      const target = cat.tables.get(key(fk.schema, fk.table));
      if (target) return { target, hint: fk.name, direction: 'target' };
    }
  }
  return undefined;
}

export function rowFunctions(cat: Catalogue, parent: Table, name: string, relation: boolean): RoutineDef[] {
  const self = key(parent.schema, parent.name);
  return (cat.routines.get(key(parent.schema, name)) ?? []).filter(
    (r) => r.args.length === 1 && r.rowArg === self && r.returns !== 'void' && (r.returnsRelation !== undefined && cat.tables.has(r.returnsRelation)) === relation,
  );
}

export { key as catalogueKey };
