import type { RequestAuth } from '../db/types.js';
import { invalidRequest } from './errors.js';
import { asCallerOrAdmin, OBJECT_COLUMNS, type ObjectRow, type StorageDeps } from './objects.js';

/**
 * Storage's list-v2 (`POST /object/list-v2/{bucket}`, storage-js `listV2`): the keys under a raw
 * prefix, flat or (with_delimiter) grouped one level into folders, sorted by name, created_at or
 * updated_at, and paged by an opaque cursor instead of an offset, so a page never repeats or skips
 * an entry when objects are added in between. Names are full keys, as Storage answers.
 */
export interface ListV2Options {
  prefix: string;
  limit: number;
  cursor?: string;
  withDelimiter: boolean;
  sortColumn: 'name' | 'created_at' | 'updated_at';
  sortOrder: 'asc' | 'desc';
}

export const LIST_V2_MAX_LIMIT = 1000;

interface Entry {
  folder: boolean;
  /** The sort column's value as a sortable string ('' for folders, which have no dates). */
  value: string;
  name: string;
  json: Record<string, unknown>;
}

/** Where the previous page ended: the last entry's kind, sort value and name. */
interface Cursor {
  f: boolean;
  v: string;
  n: string;
}

const SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const;

/** Reads list-v2's JSON body; anything unusable is a 400 naming the field. */
export function listV2Options(body: Record<string, unknown>): ListV2Options {
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  if (body.prefix !== undefined && typeof body.prefix !== 'string') throw invalidRequest('prefix must be a string');
  if (body.cursor !== undefined && typeof body.cursor !== 'string') throw invalidRequest('cursor must be a string');
  const limit = body.limit === undefined ? LIST_V2_MAX_LIMIT : Number(body.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_V2_MAX_LIMIT) throw invalidRequest(`limit must be a whole number from 1 to ${LIST_V2_MAX_LIMIT}`);
  const column = sortBy.column ?? 'name';
  if (!SORT_COLUMNS.includes(column as 'name')) throw invalidRequest(`sortBy.column must be one of ${SORT_COLUMNS.join(', ')}`);
  const order = String(sortBy.order ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw invalidRequest('sortBy.order must be asc or desc');
  return {
    prefix: (body.prefix as string | undefined) ?? '',
    limit,
    cursor: (body.cursor as string | undefined) || undefined,
    withDelimiter: body.with_delimiter === true,
    sortColumn: column as ListV2Options['sortColumn'],
    sortOrder: order,
  };
}

function decodeCursor(raw: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (typeof c.f === 'boolean' && typeof c.v === 'string' && typeof c.n === 'string') return c;
  } catch {
    // falls through to the 400 below
  }
  throw invalidRequest('cursor is not one this server gave out');
}

const encodeCursor = (e: Entry): string => Buffer.from(JSON.stringify({ f: e.folder, v: e.value, n: e.name } satisfies Cursor)).toString('base64url');

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The listing's order: by name, folders and objects interleaved; by a date, folders (no dates)
 * first by name, then objects by the date and name. Descending reverses the whole order.
 */
function comparator(o: ListV2Options): (a: Cursor, b: Cursor) => number {
  const dir = o.sortOrder === 'desc' ? -1 : 1;
  if (o.sortColumn === 'name') return (a, b) => dir * cmp(a.n, b.n);
  return (a, b) => dir * (a.f !== b.f ? (a.f ? -1 : 1) : cmp(a.v, b.v) || cmp(a.n, b.n));
}

export async function listObjectsV2(deps: StorageDeps, auth: RequestAuth, bucketId: string, o: ListV2Options) {
  const like = o.prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`) + '%';
  // Only rows the caller may select (RLS) are listed, as with list.
  const r = await asCallerOrAdmin(deps, auth, (q) =>
    q.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`, [bucketId, like]),
  );
  const folders = new Map<string, Entry>();
  const objects: Entry[] = [];
  for (const row of r.rows) {
    const slash = o.withDelimiter ? row.name.indexOf('/', o.prefix.length) : -1;
    if (slash !== -1) {
      const key = row.name.slice(0, slash);
      if (!folders.has(key)) folders.set(key, { folder: true, value: '', name: `${key}/`, json: { name: `${key}/`, key } });
      continue;
    }
    const json = {
      name: row.name,
      key: row.name,
      id: row.id,
      updated_at: new Date(row.updated_at).toISOString(),
      created_at: new Date(row.created_at).toISOString(),
      last_accessed_at: row.last_accessed_at ? new Date(row.last_accessed_at).toISOString() : null,
      metadata: row.metadata,
    };
    objects.push({ folder: false, value: o.sortColumn === 'name' ? row.name : json[o.sortColumn], name: row.name, json });
  }
  const order = comparator(o);
  const pos = (e: Entry): Cursor => ({ f: e.folder, v: e.value, n: e.name });
  let entries = [...folders.values(), ...objects].sort((a, b) => order(pos(a), pos(b)));
  if (o.cursor) {
    const after = decodeCursor(o.cursor);
    entries = entries.filter((e) => order(pos(e), after) > 0);
  }
  const page = entries.slice(0, o.limit);
  const hasNext = entries.length > o.limit;
  return {
    hasNext,
    folders: page.filter((e) => e.folder).map((e) => e.json),
    objects: page.filter((e) => !e.folder).map((e) => e.json),
    ...(hasNext ? { nextCursor: encodeCursor(page[page.length - 1]) } : {}),
  };
}
