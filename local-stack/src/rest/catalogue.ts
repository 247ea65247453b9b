import type { Database } from '../db/types.js';

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
}

export interface Table {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
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
}

export interface Catalogue {
  tables: Map<string, Table>; // key: schema.name
  foreignKeys: ForeignKey[];
  routines: Map<string, RoutineDef[]>; // key: schema.name
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
    }>(
      `select n.nspname as schema, c.relname as table, c.relkind::text as relkind, a.attname as column,
              format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
              (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
              a.attgenerated <> '' as generated
         from pg_class c
         join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
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
      t.columns.set(r.column, { name: r.column, type: r.type, notNull: r.not_null, hasDefault: r.has_default, generated: r.generated });
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
        where con.contype in ('p', 'f') and n.nspname = any($1::text[])
        order by con.conname`,
      [schemas],
    );
    const foreignKeys: ForeignKey[] = [];
    for (const r of constraints.rows) {
      if (r.contype === 'p') {
        const t = tables.get(key(r.schema, r.table));
        if (t) t.primaryKey = r.columns;
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
    }>(
      `select n.nspname::text as schema, p.proname::text as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
              array(select format_type(t, null) from unnest(p.proargtypes) t) as in_types,
              array(select format_type(t, null) from unnest(p.proallargtypes) t) as all_types,
              p.pronargdefaults::int as n_defaults, p.proretset as returns_set,
              format_type(p.prorettype, null) as return_type, rt.typtype::text as ret_typtype, rt.typrelid::int as ret_relid,
              p.provolatile::text as volatility
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
      };
      const k = key(r.schema, r.name);
      routines.set(k, [...(routines.get(k) ?? []), def]);
    }
    return { tables, foreignKeys, routines };
  });
}

/** The relationship an embed uses, decided as PostgREST decides it (FK in either direction). */
export interface Relationship {
  fk: ForeignKey;
  /** true: the parent row holds the FK (many-to-one, embeds an object); false: one-to-many (array). */
  toOne: boolean;
  target: Table;
}

export function findRelationships(cat: Catalogue, parent: Table, target: Table, hint?: string): Relationship[] {
  const found: Relationship[] = [];
  for (const fk of cat.foreignKeys) {
    // A hint names the constraint, or the (single) foreign-key column.
    const matchesHint = () => hint === undefined || hint === fk.name || (fk.columns.length === 1 && fk.columns[0] === hint);
    if (fk.schema === parent.schema && fk.table === parent.name && fk.refSchema === target.schema && fk.refTable === target.name && matchesHint()) {
      // A one-to-one is still "to one" from the side holding the key.
      found.push({ fk, toOne: true, target });
    }
    if (fk.schema === target.schema && fk.table === target.name && fk.refSchema === parent.schema && fk.refTable === parent.name && matchesHint()) {
      if (!(parent === target && found.some((f) => f.fk === fk))) found.push({ fk, toOne: false, target });
    }
  }
  return found;
}

/**
 * An embed may also name a foreign-key column (`owner:user_id(*)`) or the constraint itself, as
 * PostgREST allows; that resolves to the referenced table.
 */
export function findEmbedTarget(cat: Catalogue, parent: Table, relation: string): { target: Table; hint?: string } | undefined {
  const direct = cat.tables.get(key(parent.schema, relation));
  if (direct) return { target: direct };
  for (const fk of cat.foreignKeys) {
    if (fk.schema !== parent.schema || fk.table !== parent.name) continue;
    if (fk.name === relation || (fk.columns.length === 1 && fk.columns[0] === relation)) {
      const target = cat.tables.get(key(fk.refSchema, fk.refTable));
      if (target) return { target, hint: fk.name };
    }
  }
  return undefined;
}

export { key as catalogueKey };
