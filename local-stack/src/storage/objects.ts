import { BodyTooLargeError, readBodyLimited } from '../http/json-body.js';
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { StackContext } from '../context.js';
import type { Queryable, RequestAuth } from '../db/types.js';
import { objectKey, type StorageBackend } from './backend.js';
import { parseByteRange } from '../http/byte-range.js';
import { bucketNotFound, duplicate, fromDatabaseError, invalidMime, objectNotFound, payloadTooLarge, StorageApiError } from './errors.js';
import { globalFileSizeLimit, parseSize } from './settings.js';
import { deleteUnlessHeld } from '../backup/deletion-hold.js';

export interface StorageDeps {
  ctx: StackContext;
  backend: StorageBackend;
}

export interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ObjectRow {
  id: string;
  bucket_id: string;
  name: string;
  owner: string | null;
  version: string | null;
  metadata: Record<string, unknown> | null;
  user_metadata: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date | null;
}

export const OBJECT_COLUMNS = 'id, bucket_id, name, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at';

/**
 * Bucket rows are kept for a moment (ADR 0197): every upload and download looks its bucket up,
 * and on PGlite each lookup is a transaction queued behind every other request's. Changes made
 * through the bucket API drop the cache at once (see buckets.ts); a change made in SQL is seen
 * within BUCKET_CACHE_MS.
 */
export const BUCKET_CACHE_MS = 1_000;
const bucketCache = new WeakMap<StorageDeps['ctx'], Map<string, { row: BucketRow; at: number }>>();

/** Forgets every cached bucket row of this stack (after a bucket was created, changed or removed). */
export function forgetBuckets(deps: StorageDeps): void {
  bucketCache.delete(deps.ctx);
}

/** Buckets are looked up by the service itself (as Supabase does): object access is RLS's call. */
export async function getBucket(deps: StorageDeps, id: string): Promise<BucketRow> {
  let cache = bucketCache.get(deps.ctx);
  const hit = cache?.get(id);
  if (hit && Date.now() - hit.at < BUCKET_CACHE_MS) return { ...hit.row };
  const r = await deps.ctx.db.admin((q) =>
    q.query<BucketRow>(`select id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at from storage.buckets where id = $1`, [id]),
  );
  if (!r.rows[0]) throw bucketNotFound();
  if (!cache) bucketCache.set(deps.ctx, (cache = new Map()));
  cache.set(id, { row: r.rows[0], at: Date.now() });
  return { ...r.rows[0] };
}

/** Runs `fn` as the caller (RLS decides), or as the owner for signed-URL and public access. */
export async function asCallerOrAdmin<T>(deps: StorageDeps, auth: RequestAuth | null, fn: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    return auth ? await deps.ctx.db.withRequest(auth, fn) : await deps.ctx.db.admin(fn);
  } catch (e) {
    throw fromDatabaseError(e) ?? e;
  }
}

export async function findObject(deps: StorageDeps, auth: RequestAuth | null, bucketId: string, name: string): Promise<ObjectRow> {
  const r = await asCallerOrAdmin(deps, auth, (q) =>
    q.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]),
  );
  if (!r.rows[0]) throw objectNotFound();
  return r.rows[0];
}

/**
 * May the caller store `name` in the bucket? Storage's canUpload: the row is inserted as the
 * caller (RLS's insert check decides) in a transaction that is always rolled back. An existing
 * object is a 409 unless `upsert`.
 */
export async function checkCanUpload(deps: StorageDeps, auth: RequestAuth | null, userId: string | null, bucketId: string, name: string, upsert: boolean): Promise<void> {
  const probe = new Error('probe');
  try {
    await asCallerOrAdmin(deps, auth, async (q) => {
      const exists = await q.query(`select 1 from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
      if (exists.rows.length && !upsert) throw duplicate();
      if (!exists.rows.length) {
        await q.query(`insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, $3::uuid, $3::text, $4)`, [bucketId, name, userId, randomUUID()]);
      }
      throw probe;
    });
  } catch (e) {
    if (e !== probe) throw e;
  }
}

export interface UploadBody {
  bytes: Uint8Array;
  /**
   * Instead of `bytes`: a complete file on disk (a resumable upload's), its size and MD5 (hashed as
   * it arrived), for a backend that can adopt it.
   */
  file?: { path: string; size: number; md5: string };
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

export function sizeLimitOf(deps: StorageDeps, bucket: BucketRow): number {
  const global = globalFileSizeLimit(deps.ctx.config);
  const own = parseSize(bucket.file_size_limit === null ? undefined : Number(bucket.file_size_limit));
  return own !== null && own > 0 ? Math.min(own, global) : global;
}

/** A body within `limit`, or Storage's 413. */
async function readLimited(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return await readBodyLimited(req, limit);
  } catch (e) {
    if (e instanceof BodyTooLargeError) throw payloadTooLarge();
    throw e;
  }
}

// Multipart adds boundaries and part headers around the file; allow for them before parsing.
const MULTIPART_OVERHEAD = 64 * 1024;

/** Reads an upload as storage-js sends it: multipart (cacheControl, metadata, file) or a raw body. */
export async function readUpload(c: Context, limit: number): Promise<UploadBody> {
  const type = c.req.header('content-type') ?? '';
  if (/^multipart\/form-data/i.test(type)) {
    // Read (streamed, bounded) before parsing: a body past the limit is refused as it arrives, and
    // the parser never sees more than limit + the multipart framing.
    const raw = await readLimited(c.req.raw, limit + MULTIPART_OVERHEAD);
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': type } }).formData();
    } catch {
      throw new StorageApiError(400, 'Invalid Input', 'The multipart body could not be parsed (check its boundary)', 'InvalidRequest');
    }
    let file: File | null = null;
    for (const [, v] of form.entries()) {
      if (typeof v !== 'string') {
        file = v;
        break;
      }
    }
    if (!file) throw new StorageApiError(400, 'Invalid Input', 'No file found in the request', 'InvalidRequest');
    if (file.size > limit) throw payloadTooLarge();
    const cache = form.get('cacheControl');
    const meta = form.get('metadata');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || 'application/octet-stream',
      cacheControl: `max-age=${cacheSeconds(cache)}`,
      userMetadata: typeof meta === 'string' ? parseJsonObject(meta) : null,
    };
  }
  const bytes = await readLimited(c.req.raw, limit);
  const xMeta = c.req.header('x-metadata');
  return {
    bytes,
    contentType: type || 'application/octet-stream',
    cacheControl: c.req.header('cache-control') ?? 'max-age=3600',
    userMetadata: xMeta ? parseJsonObject(Buffer.from(xMeta, 'base64').toString('utf8')) : null,
  };
}

/** storage-js sends cacheControl as seconds; anything else (CR/LF above all) is refused, not stored. */
function cacheSeconds(value: FormDataEntryValue | null): string {
  if (typeof value !== 'string' || value === '') return '3600';
  const seconds = value.replace(/^max-age=/, '');
  if (!/^\d{1,10}$/.test(seconds)) throw new StorageApiError(400, 'Invalid Input', 'cacheControl must be a number of seconds', 'InvalidRequest');
  return seconds;
}

/** A JSON object (user metadata), or null for anything else. */
export function parseJsonObject(s: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(s) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function checkMime(bucket: BucketRow, contentType: string): void {
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return;
  const base = contentType.split(';')[0].trim().toLowerCase();
  const ok = allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule === base || rule === '*/*' || (rule.endsWith('/*') && base.startsWith(rule.slice(0, -1)));
  });
  if (!ok) throw invalidMime(contentType);
}

/**
 * Writes the bytes under a new version key (durable: fsynced) and then inserts (or upserts) the
 * object row as the caller — RLS decides. The bytes go first and outside the transaction (ADR
 * 0197): a version key nobody references yet is invisible, and the fsyncs no longer hold a
 * database transaction open (on PGlite, the one connection every request shares). A refused or
 * failed row removes the bytes it would have pointed to; the row commits only after the bytes are
 * durable, so an acknowledged upload is both. The replaced version's bytes go after the commit.
 */
export async function storeObject(
  deps: StorageDeps,
  auth: RequestAuth | null,
  ownerId: string | null,
  bucket: BucketRow,
  name: string,
  body: UploadBody,
  upsert: boolean,
): Promise<{ id: string }> {
  const version = randomUUID();
  const newKey = objectKey(bucket.id, name, version);
  const now = new Date().toISOString();
  const size = body.file ? body.file.size : body.bytes.byteLength;
  const metadata = {
    eTag: `"${body.file ? body.file.md5 : createHash('md5').update(body.bytes).digest('hex')}"`,
    size,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: now,
    contentLength: size,
    httpStatusCode: 200,
  };
  let oldVersion: string | null = null;
  let id: string;
  if (body.file && deps.backend.adopt) await deps.backend.adopt(newKey, body.file.path);
  else await deps.backend.put(newKey, body.bytes, body.contentType);
  try {
    id = await asCallerOrAdmin(deps, auth, async (q) => {
      if (upsert) {
        const prev = await q.query<{ version: string | null }>(`select version from storage.objects where bucket_id = $1 and name = $2`, [bucket.id, name]);
        oldVersion = prev.rows[0]?.version ?? null;
      }
      const conflict = upsert
        ? ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
              version = excluded.version, user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()`
        : '';
      const r = await q.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata)
         values ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb)${conflict} returning id`,
        [bucket.id, name, ownerId, ownerId, JSON.stringify(metadata), version, body.userMetadata ? JSON.stringify(body.userMetadata) : null],
      );
      return r.rows[0].id;
    });
  } catch (e) {
    await deps.backend.delete([newKey]).catch(() => undefined);
    throw e;
  }
  if (oldVersion && oldVersion !== version) await removeBytes(deps, [objectKey(bucket.id, name, oldVersion)]);
  return { id };
}

export async function removeBytes(deps: StorageDeps, keys: string[]): Promise<void> {
  // A backup under way may still copy these bytes (its snapshot names them): it deletes them after.
  await deleteUnlessHeld(deps.ctx.config, async () => {
    try {
      await deps.backend.delete(keys);
    } catch (e) {
      // The rows are gone already; stray bytes are unreachable, so log rather than fail the request.
      deps.ctx.log(`storage: could not delete ${keys.length} stored file(s): ${(e as Error).message}`);
    }
  });
}

/** Sends an object's bytes with the headers Supabase Storage sets; honours a single byte range. */
/** Types a browser shows without running anything from them; everything else is downloaded. */
const INLINE_SAFE = /^(image\/(png|jpeg|gif|webp|avif|heic|heif|bmp)|application\/pdf|text\/plain|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/;

/** A stored value usable as a header value, else `fallback` (older rows may hold CR/LF). */
function headerSafe(value: string, fallback: string): string {
  return value && /^[\x20-\x7e]*$/.test(value) ? value : fallback;
}

/**
 * `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266): the UTF-8 name in filename*,
 * percent-encoded as RFC 5987 wants (encodeURIComponent leaves ' ( ) * unencoded), and only
 * printable ASCII inside the quotes, so a control character or quote in ?download= never makes the
 * header invalid. Storage sends what the client names; the app's naming rule (download-name in
 * shared/) chooses that name — the emulated service does not depend on the app (issue 21 item 2).
 */
function attachment(fileName: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[\u2010-\u2015]/g, '-').replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export async function sendObject(c: Context, deps: StorageDeps, row: ObjectRow, download?: string | null): Promise<Response> {
  const meta = row.metadata ?? {};
  const size = Number(meta.size ?? meta.contentLength ?? NaN);
  const range = Number.isFinite(size) ? parseByteRange(c.req.header('range'), size) : null;
  if (range === 'unsatisfiable') {
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${size}`, 'accept-ranges': 'bytes' } });
  }
  const type = headerSafe(String(meta.mimetype ?? ''), 'application/octet-stream');
  const headers = new Headers({
    'content-type': type,
    'content-length': range ? String(range.end - range.start + 1) : Number.isFinite(size) ? String(size) : '',
    'cache-control': headerSafe(String(meta.cacheControl ?? ''), 'no-cache'),
    etag: headerSafe(String(meta.eTag ?? ''), ''),
    'last-modified': new Date(String(meta.lastModified ?? row.updated_at)).toUTCString(),
    'accept-ranges': 'bytes',
    // Never let a browser guess a type: an uploaded file is data, not a page of the API origin.
    'x-content-type-options': 'nosniff',
  });
  if (range) headers.set('content-range', `bytes ${range.start}-${range.end}/${size}`);
  if (!headers.get('content-length')) headers.delete('content-length');
  const active = !INLINE_SAFE.test(type.split(';')[0].trim().toLowerCase());
  if ((download !== undefined && download !== null) || active) {
    headers.set('content-disposition', attachment(download || row.name.split('/').pop() || 'download'));
  }
  // HTML, SVG, XML …: even if opened directly, the document runs with no script and no origin.
  if (active) headers.set('content-security-policy', "default-src 'none'; sandbox");
  const stream = row.version ? await deps.backend.get(objectKey(row.bucket_id, row.name, row.version), range ?? undefined) : null;
  if (!stream) throw objectNotFound();
  if (c.req.method === 'HEAD') {
    await stream.cancel().catch(() => undefined);
    return new Response(null, { status: range ? 206 : 200, headers });
  }
  return new Response(stream, { status: range ? 206 : 200, headers });
}

export function infoJson(row: ObjectRow): Record<string, unknown> {
  const meta = row.metadata ?? {};
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: meta.lastModified ?? new Date(row.updated_at).toISOString(),
    created_at: new Date(row.created_at).toISOString(),
  };
}

export interface ListOptions {
  prefix: string;
  limit: number;
  offset: number;
  sortColumn: 'name' | 'created_at' | 'updated_at' | 'last_accessed_at';
  sortOrder: 'asc' | 'desc';
  search: string;
}

/**
 * One level of a "folder", as storage.search answers: objects directly under the prefix, and each
 * deeper path as a folder entry whose id and metadata are null. Only rows the caller may select count.
 */
export async function listObjects(deps: StorageDeps, auth: RequestAuth, bucketId: string, o: ListOptions): Promise<Record<string, unknown>[]> {
  const prefix = o.prefix ? (o.prefix.endsWith('/') ? o.prefix : `${o.prefix}/`) : '';
  const like = prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`) + '%';
  const r = await asCallerOrAdmin(deps, auth, (q) =>
    q.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name like $2 escape '\\'`, [bucketId, like]),
  );
  const folders = new Map<string, Record<string, unknown>>();
  const files: Record<string, unknown>[] = [];
  const search = o.search.toLowerCase();
  for (const row of r.rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entryName = slash === -1 ? rest : rest.slice(0, slash);
    if (search && !entryName.toLowerCase().startsWith(search)) continue;
    if (slash !== -1) {
      if (!folders.has(entryName)) folders.set(entryName, { name: entryName, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      continue;
    }
    files.push({
      name: entryName,
      id: row.id,
      updated_at: new Date(row.updated_at).toISOString(),
      created_at: new Date(row.created_at).toISOString(),
      last_accessed_at: row.last_accessed_at ? new Date(row.last_accessed_at).toISOString() : null,
      metadata: row.metadata,
    });
  }
  const dir = o.sortOrder === 'desc' ? -1 : 1;
  const key = (e: Record<string, unknown>) => String(e[o.sortColumn] ?? '');
  const byName = (a: Record<string, unknown>, b: Record<string, unknown>) => (String(a.name) < String(b.name) ? -1 : String(a.name) > String(b.name) ? 1 : 0);
  let entries: Record<string, unknown>[];
  if (o.sortColumn === 'name') {
    entries = [...folders.values(), ...files].sort((a, b) => dir * byName(a, b));
  } else {
    // Folders have no dates: they come first, by name; files by the column, then name.
    entries = [
      ...[...folders.values()].sort(byName),
      ...files.sort((a, b) => (key(a) < key(b) ? -dir : key(a) > key(b) ? dir : byName(a, b))),
    ];
  }
  return entries.slice(o.offset, o.offset + o.limit);
}
