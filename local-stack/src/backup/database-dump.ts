/**
 * The database part of a backup, schema-generic: every ordinary table of every non-system schema
 * (public, auth — passkeys included once they exist —, storage, jobs, …) as JSON lines, and every
 * sequence's position. Rows go back with jsonb_populate_recordset into the schema the migrations
 * build, so one archive restores into PGlite, PostgreSQL or a hosted Supabase project alike
 * (columns a target lacks are ignored, generated columns are recomputed).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Queryable } from '../db/types.js';

export interface TableEntry {
  schema: string;
  name: string;
  /** Archive path of the JSON-lines file. */
  file: string;
  rows: number;
  sha256: string;
}

export interface SequenceEntry {
  schema: string;
  name: string;
  lastValue: string;
  isCalled: boolean;
}

const SYSTEM_SCHEMAS = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'`;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
export const qualified = (schema: string, name: string) => `${quoteIdent(schema)}.${quoteIdent(name)}`;

/** The ordinary tables (no partitions' children, no views) of the non-system schemas. */
export async function listTables(q: Queryable): Promise<Array<{ schema: string; name: string }>> {
  const r = await q.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and ${SYSTEM_SCHEMAS}
      order by 1, 2`,
  );
  return r.rows;
}

const BATCH = 500;

/**
 * Writes every table into `<dir>/database/NNNN.jsonl` inside the caller's transaction (which must
 * be one snapshot: REPEATABLE READ on PostgreSQL, PGlite's single connection).
 */
export async function dumpTables(q: Queryable, dir: string): Promise<{ tables: TableEntry[]; sequences: SequenceEntry[] }> {
  const tables: TableEntry[] = [];
  for (const [i, t] of (await listTables(q)).entries()) {
    const file = `database/${String(i).padStart(4, '0')}.jsonl`;
    const hash = createHash('sha256');
    const out = await open(path.join(dir, file), 'w', 0o600);
    let rows = 0;
    const cursor = `backup_${i}`;
    try {
      await q.query(`declare ${cursor} no scroll cursor for select to_jsonb(t)::text as j from ${qualified(t.schema, t.name)} t`);
      for (;;) {
        const batch = await q.query<{ j: string }>(`fetch ${BATCH} from ${cursor}`);
        if (batch.rows.length === 0) break;
        const text = batch.rows.map((r) => `${r.j}\n`).join('');
        hash.update(text);
        await out.write(text);
        rows += batch.rows.length;
      }
      await q.query(`close ${cursor}`);
      await out.sync();
    } finally {
      await out.close();
    }
    tables.push({ schema: t.schema, name: t.name, file, rows, sha256: hash.digest('hex') });
  }
  const seqs = await q.query<{ schema: string; name: string }>(
    `select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and ${SYSTEM_SCHEMAS} order by 1, 2`,
  );
  const sequences: SequenceEntry[] = [];
  for (const s of seqs.rows) {
    const v = await q.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${qualified(s.schema, s.name)}`);
    sequences.push({ schema: s.schema, name: s.name, lastValue: v.rows[0].last_value, isCalled: v.rows[0].is_called });
  }
  return { tables, sequences };
}

/** The columns a row can be written to (generated columns are left to the database). */
async function writableColumns(q: Queryable, schema: string, name: string): Promise<string[]> {
  const r = await q.query<{ attname: string }>(
    `select a.attname from pg_attribute a where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
    [qualified(schema, name)],
  );
  return r.rows.map((row) => row.attname);
}

export async function tableExists(q: Queryable, schema: string, name: string): Promise<boolean> {
  const r = await q.query<{ ok: boolean }>(`select to_regclass($1) is not null as ok`, [qualified(schema, name)]);
  return r.rows[0].ok;
}

/**
 * Loads the dumped rows inside the caller's transaction: triggers and foreign-key checks off
 * (`session_replication_role = replica`, as Supabase's own restore guide does) so the order of
 * tables does not matter and no trigger re-fires; the loaded tables are emptied first, with
 * whatever references them (what the migrations seeded is replaced by what the instance had).
 */
export async function loadTables(q: Queryable, dir: string, tables: TableEntry[], sequences: SequenceEntry[]): Promise<void> {
  await q.query(`set local session_replication_role = replica`);
  if (tables.length > 0) await q.query(`truncate ${tables.map((t) => qualified(t.schema, t.name)).join(', ')} cascade`);
  for (const t of tables) {
    const columns = (await writableColumns(q, t.schema, t.name)).map(quoteIdent).join(', ');
    const insert = `insert into ${qualified(t.schema, t.name)} (${columns}) overriding system value
                    select ${columns} from jsonb_populate_recordset(null::${qualified(t.schema, t.name)}, $1::jsonb)`;
    let batch: string[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      await q.query(insert, [`[${batch.join(',')}]`]);
      batch = [];
    };
    for await (const line of createInterface({ input: createReadStream(path.join(dir, t.file)), crlfDelay: Infinity })) {
      if (!line) continue;
      batch.push(line);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }
  for (const s of sequences) {
    if (!(await tableExists(q, s.schema, s.name))) continue;
    await q.query(`select setval($1::regclass, $2::bigint, $3)`, [qualified(s.schema, s.name), s.lastValue, s.isCalled]);
  }
}
