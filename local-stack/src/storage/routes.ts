import { randomUUID } from 'node:crypto';
import { readJsonObject } from '../http/json-body.js';
import type { Context, Hono } from 'hono';
import { objectKey } from './backend.js';
import { asCaller, storageCaller } from './caller.js';
import { invalidJwt, invalidRequest, objectNotFound, StorageApiError } from './errors.js';
import { pathSegments, validateKey } from './keys.js';
import { transformToString } from './render.js';
import { listObjectsV2, listV2Options } from './list-v2.js';
import { SIGN_ROLE, signedPathMatches, signedTokenClaims, urlPath } from './signed-paths.js';
import {
  asCallerOrAdmin,
  checkCanUpload,
  checkMime,
  findObject,
  getBucket,
  infoJson,
  listObjects,
  OBJECT_COLUMNS,
  readUpload,
  removeBytes,
  sendObject,
  sizeLimitOf,
  storeObject,
  type ObjectRow,
  type StorageDeps,
} from './objects.js';

async function json(c: Context): Promise<Record<string, unknown>> {
  const body = await readJsonObject(c);
  if (body === undefined) throw invalidRequest('Body is not valid JSON');
  return body;
}

/** `/object/<prefix…>/<bucket>/<key…>` → bucket and validated key, from the raw (undecoded) URL. */
function bucketAndKey(c: Context, skip: number): { bucket: string; key: string } {
  const segs = pathSegments(c.req.url).slice(skip);
  const [bucket, ...rest] = segs;
  if (!bucket) throw invalidRequest('bucket is required');
  return { bucket, key: validateKey(rest.join('/')) };
}

const UPLOAD_ROLE = 'storage_signed_upload';
const SIGNED_UPLOAD_SECONDS = 2 * 3600;

export function registerObjectRoutes(app: Hono, deps: StorageDeps): void {
  const { ctx } = deps;

  const upload = (forceUpsert: boolean) => async (c: Context) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 1);
    const caller = await storageCaller(ctx, c);
    const bucket = await getBucket(deps, bucketId);
    const body = await readUpload(c, sizeLimitOf(deps, bucket));
    checkMime(bucket, body.contentType);
    const upsert = forceUpsert || c.req.header('x-upsert') === 'true';
    const { id } = await storeObject(deps, caller.auth, caller.userId, bucket, key, body, upsert);
    return c.json({ Id: id, Key: `${bucketId}/${key}` });
  };

  // ---- signed URLs (before the generic /object/:bucket/* routes) ----
  app.post('/object/sign/:bucket', async (c) => {
    const caller = await storageCaller(ctx, c);
    const bucketId = c.req.param('bucket');
    await getBucket(deps, bucketId);
    const body = await json(c);
    const expiresIn = Number(body.expiresIn);
    const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : null;
    if (!paths || !Number.isFinite(expiresIn) || expiresIn < 1) throw invalidRequest('expiresIn and paths are required');
    const visible = await asCallerOrAdmin(deps, caller.auth, (q) =>
      q.query<{ name: string }>(`select name from storage.objects where bucket_id = $1 and name = any($2::text[])`, [bucketId, paths]),
    );
    const found = new Set(visible.rows.map((r) => r.name));
    const out = [];
    for (const p of paths) {
      if (!found.has(p)) {
        out.push({ error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null });
        continue;
      }
      const token = await ctx.jwt.sign({ role: SIGN_ROLE, url: `${bucketId}/${p}` }, Math.floor(expiresIn));
      out.push({ error: null, path: p, signedURL: `/object/sign/${urlPath(bucketId, p)}?token=${token}` });
    }
    return c.json(out);
  });

  app.post('/object/sign/:bucket/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 2);
    const caller = await storageCaller(ctx, c);
    await getBucket(deps, bucketId);
    const body = await json(c);
    const expiresIn = Number(body.expiresIn);
    if (!Number.isFinite(expiresIn) || expiresIn < 1) throw invalidRequest('expiresIn is required');
    // Signing is reading: the caller must be allowed to select the row.
    await findObject(deps, caller.auth, bucketId, key);
    // With `transform` the URL serves the transformed image (render/image/sign); the options
    // travel inside the token, as on Supabase, so they cannot be changed once signed.
    const transform = body.transform && typeof body.transform === 'object' ? transformToString(body.transform as Record<string, unknown>) : '';
    const token = await ctx.jwt.sign({ role: SIGN_ROLE, url: `${bucketId}/${key}`, ...(transform ? { transformations: transform } : {}) }, Math.floor(expiresIn));
    return c.json({ signedURL: `/${transform ? 'render/image' : 'object'}/sign/${urlPath(bucketId, key)}?token=${token}` });
  });

  app.on(['GET', 'HEAD'], '/object/sign/:bucket/*', async (c) => {
    // Not validated here: a re-encoded path still holds `%`; the signed name is validated below.
    const [bucketId, ...rest] = pathSegments(c.req.url).slice(2);
    const key = rest.join('/');
    const claims = await signedTokenClaims(ctx, c.req.query('token'));
    // A token signed for a transformed image does not open the original.
    if (claims.role !== SIGN_ROLE || claims.transformations !== undefined || !signedPathMatches(String(claims.url), bucketId, key)) {
      throw new StorageApiError(400, 'InvalidSignature', 'The url do not match the signature', 'InvalidSignature');
    }
    // The object is the one the token names (signed), whichever way the client encoded the path.
    const row = await findObject(deps, null, bucketId, validateKey(String(claims.url).slice(bucketId.length + 1)));
    return sendObject(c, deps, row, c.req.query('download'));
  });

  app.post('/object/upload/sign/:bucket/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 3);
    const caller = await storageCaller(ctx, c);
    await getBucket(deps, bucketId);
    const upsert = c.req.header('x-upsert') === 'true';
    // Supabase checks the insert permission now, in a transaction it rolls back.
    await checkCanUpload(deps, caller.auth, caller.userId, bucketId, key, upsert);
    const token = await ctx.jwt.sign({ role: UPLOAD_ROLE, url: `${bucketId}/${key}`, owner: caller.userId ?? undefined, upsert }, SIGNED_UPLOAD_SECONDS);
    return c.json({ url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token });
  });

  app.put('/object/upload/sign/:bucket/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 3);
    let claims: Record<string, unknown>;
    try {
      claims = await ctx.jwt.verify(c.req.query('token') ?? '');
    } catch (e) {
      throw invalidJwt((e as Error).message);
    }
    if (claims.role !== UPLOAD_ROLE || claims.url !== `${bucketId}/${key}`) throw new StorageApiError(400, 'InvalidSignature', 'The url do not match the signature', 'InvalidSignature');
    const bucket = await getBucket(deps, bucketId);
    const body = await readUpload(c, sizeLimitOf(deps, bucket));
    checkMime(bucket, body.contentType);
    const owner = typeof claims.owner === 'string' ? claims.owner : null;
    // The upload runs as the user who signed it, so the same policies still decide.
    const caller = owner ? asCaller({ role: 'authenticated', sub: owner, aud: 'authenticated' }, c) : asCaller({ role: 'service_role' }, c);
    const { id } = await storeObject(deps, caller.auth, owner, bucket, key, body, claims.upsert === true);
    return c.json({ Id: id, Key: `${bucketId}/${key}` });
  });

  // storage-js's listV2: cursor-paged listing (list-v2.ts).
  app.post('/object/list-v2/:bucket', async (c) => {
    const caller = await storageCaller(ctx, c);
    const bucketId = c.req.param('bucket');
    await getBucket(deps, bucketId);
    return c.json(await listObjectsV2(deps, caller.auth, bucketId, listV2Options(await json(c))));
  });

  // ---- list, info, move, copy ----
  app.post('/object/list/:bucket', async (c) => {
    const caller = await storageCaller(ctx, c);
    const bucketId = c.req.param('bucket');
    await getBucket(deps, bucketId);
    const body = await json(c);
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column)) ? (sortBy.column as 'name') : 'name';
    const entries = await listObjects(deps, caller.auth, bucketId, {
      prefix: typeof body.prefix === 'string' ? body.prefix : '',
      limit: Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000),
      offset: Math.max(Number(body.offset ?? 0) || 0, 0),
      sortColumn: column,
      sortOrder: String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc',
      search: typeof body.search === 'string' ? body.search : '',
    });
    return c.json(entries);
  });

  app.on(['GET', 'HEAD'], '/object/info/*', async (c) => {
    const segs = pathSegments(c.req.url);
    // /object/info/<bucket>/<key> or /object/info/(authenticated|public)/<bucket>/<key>
    const skip = segs[2] === 'authenticated' || segs[2] === 'public' ? 3 : 2;
    const { bucket: bucketId, key } = bucketAndKey(c, skip);
    const bucket = await getBucket(deps, bucketId);
    let row: ObjectRow;
    if (segs[2] === 'public') {
      if (!bucket.public) throw objectNotFound();
      row = await findObject(deps, null, bucketId, key);
    } else {
      const caller = await storageCaller(ctx, c);
      row = await findObject(deps, caller.auth, bucketId, key);
    }
    return c.json(infoJson(row));
  });

  app.post('/object/move', async (c) => {
    const caller = await storageCaller(ctx, c);
    const body = await json(c);
    const bucketId = String(body.bucketId ?? '');
    const from = validateKey(String(body.sourceKey ?? ''));
    const to = validateKey(String(body.destinationKey ?? ''));
    const destBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
    await getBucket(deps, bucketId);
    if (destBucket !== bucketId) await getBucket(deps, destBucket);
    const version = randomUUID();
    let copied: string | null = null;
    let old: ObjectRow;
    try {
      old = await asCallerOrAdmin(deps, caller.auth, async (q) => {
        const src = await q.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, from]);
        if (!src.rows[0]) throw objectNotFound();
        // RLS's update policy judges both the old row (USING) and the moved one (WITH CHECK).
        const r = await q.query(
          `update storage.objects set bucket_id = $3, name = $4, version = $5, updated_at = now(), last_accessed_at = now() where id = $1 and bucket_id = $2 returning id`,
          [src.rows[0].id, bucketId, destBucket, to, version],
        );
        if (!r.rows[0]) throw objectNotFound();
        if (src.rows[0].version) {
          copied = objectKey(destBucket, to, version);
          await deps.backend.copy(objectKey(bucketId, from, src.rows[0].version), copied);
        }
        return src.rows[0];
      });
    } catch (e) {
      if (copied) await deps.backend.delete([copied]).catch(() => undefined);
      throw e;
    }
    if (old.version) await removeBytes(deps, [objectKey(bucketId, from, old.version)]);
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const caller = await storageCaller(ctx, c);
    const body = await json(c);
    const bucketId = String(body.bucketId ?? '');
    const from = validateKey(String(body.sourceKey ?? ''));
    const to = validateKey(String(body.destinationKey ?? ''));
    const destBucketId = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId;
    await getBucket(deps, bucketId);
    await getBucket(deps, destBucketId);
    const upsert = c.req.header('x-upsert') === 'true';
    const version = randomUUID();
    let copied: string | null = null;
    let replaced: string | null = null;
    let id: string;
    try {
      id = await asCallerOrAdmin(deps, caller.auth, async (q) => {
        const src = await q.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, from]);
        const s = src.rows[0];
        if (!s || !s.version) throw objectNotFound();
        if (upsert) {
          const prev = await q.query<{ version: string | null }>(`select version from storage.objects where bucket_id = $1 and name = $2`, [destBucketId, to]);
          replaced = prev.rows[0]?.version ?? null;
        }
        const conflict = upsert ? ` on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()` : '';
        const r = await q.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version, user_metadata) values ($1, $2, $3::uuid, $3::text, $4::jsonb, $5, $6::jsonb)${conflict} returning id`,
          [destBucketId, to, caller.userId, JSON.stringify(s.metadata ?? {}), version, s.user_metadata ? JSON.stringify(s.user_metadata) : null],
        );
        copied = objectKey(destBucketId, to, version);
        await deps.backend.copy(objectKey(bucketId, from, s.version), copied);
        return r.rows[0].id;
      });
    } catch (e) {
      if (copied) await deps.backend.delete([copied]).catch(() => undefined);
      throw e;
    }
    if (replaced) await removeBytes(deps, [objectKey(destBucketId, to, replaced)]);
    return c.json({ Id: id, Key: `${destBucketId}/${to}` });
  });

  // ---- remove ----
  app.delete('/object/:bucket', async (c) => {
    const caller = await storageCaller(ctx, c);
    const bucketId = c.req.param('bucket');
    await getBucket(deps, bucketId);
    const body = await json(c);
    const prefixes = Array.isArray(body.prefixes) ? body.prefixes.filter((p): p is string => typeof p === 'string') : null;
    if (!prefixes || prefixes.length === 0) throw invalidRequest('prefixes is required');
    if (prefixes.length > 1000) throw invalidRequest('prefixes must have at most 1000 items');
    // Rows RLS hides are simply not deleted (and not reported), as on Supabase.
    const r = await asCallerOrAdmin(deps, caller.auth, (q) =>
      q.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [bucketId, prefixes]),
    );
    await removeBytes(deps, r.rows.filter((o) => o.version).map((o) => objectKey(o.bucket_id, o.name, o.version!)));
    return c.json(r.rows.map((o) => ({ ...o, created_at: new Date(o.created_at).toISOString(), updated_at: new Date(o.updated_at).toISOString() })));
  });

  app.delete('/object/:bucket/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 1);
    const caller = await storageCaller(ctx, c);
    await getBucket(deps, bucketId);
    const r = await asCallerOrAdmin(deps, caller.auth, (q) =>
      q.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`, [bucketId, key]),
    );
    const o = r.rows[0];
    if (!o) throw objectNotFound();
    if (o.version) await removeBytes(deps, [objectKey(o.bucket_id, o.name, o.version)]);
    return c.json({ message: 'Successfully deleted' });
  });

  // ---- read ----
  app.on(['GET', 'HEAD'], '/object/public/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 2);
    const bucket = await getBucket(deps, bucketId);
    if (!bucket.public) throw objectNotFound();
    return sendObject(c, deps, await findObject(deps, null, bucketId, key), c.req.query('download'));
  });

  app.on(['GET', 'HEAD'], '/object/authenticated/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 2);
    const caller = await storageCaller(ctx, c);
    await getBucket(deps, bucketId);
    return sendObject(c, deps, await findObject(deps, caller.auth, bucketId, key), c.req.query('download'));
  });

  app.on(['GET', 'HEAD'], '/object/:bucket/*', async (c) => {
    const { bucket: bucketId, key } = bucketAndKey(c, 1);
    const caller = await storageCaller(ctx, c);
    await getBucket(deps, bucketId);
    return sendObject(c, deps, await findObject(deps, caller.auth, bucketId, key), c.req.query('download'));
  });

  // ---- write ----
  app.post('/object/:bucket/*', upload(false));
  app.put('/object/:bucket/*', upload(true));
}
