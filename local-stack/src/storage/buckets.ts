import { readJsonObject } from '../http/json-body.js';
import type { Context, Hono } from 'hono';
import { objectKey } from './backend.js';
import { storageCaller } from './caller.js';
import { bucketNotFound, invalidRequest, StorageApiError } from './errors.js';
import { validBucketName } from './keys.js';
import { asCallerOrAdmin, forgetBuckets, removeBytes, type BucketRow, type StorageDeps } from './objects.js';
import { parseSize } from './settings.js';

const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at';

function bucketJson(b: BucketRow): Record<string, unknown> {
  return {
    id: b.id,
    name: b.name,
    owner: b.owner ?? '',
    public: b.public,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types,
    created_at: new Date(b.created_at).toISOString(),
    updated_at: new Date(b.updated_at).toISOString(),
  };
}

async function body(c: Context): Promise<Record<string, unknown>> {
  const v = await readJsonObject(c);
  if (v === undefined) throw invalidRequest('Body is not valid JSON');
  return v;
}

function limitOf(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null) return null;
  const n = parseSize(v);
  if (n === null) throw invalidRequest('file_size_limit is not a size');
  return n;
}

/** Bucket management; storage.buckets' RLS decides (no policies: only service_role). */
export function registerBucketRoutes(app: Hono, deps: StorageDeps): void {
  // A bucket created, changed, emptied or removed through the API is read fresh by the next request.
  const forget = async (c: Context, next: () => Promise<void>) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetBuckets(deps);
    await next();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') forgetBuckets(deps);
  };
  app.use('/bucket', forget);
  app.use('/bucket/*', forget);
  const { ctx } = deps;

  app.get('/bucket', async (c) => {
    const caller = await storageCaller(ctx, c);
    const r = await asCallerOrAdmin(deps, caller.auth, (q) => q.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets order by name`));
    return c.json(r.rows.map(bucketJson));
  });

  app.get('/bucket/:id', async (c) => {
    const caller = await storageCaller(ctx, c);
    const r = await asCallerOrAdmin(deps, caller.auth, (q) => q.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [c.req.param('id')]));
    if (!r.rows[0]) throw bucketNotFound();
    return c.json(bucketJson(r.rows[0]));
  });

  app.post('/bucket', async (c) => {
    const caller = await storageCaller(ctx, c);
    const b = await body(c);
    const name = String(b.name ?? b.id ?? '');
    const id = String(b.id ?? name);
    if (!validBucketName(name) || !validBucketName(id)) throw new StorageApiError(400, 'Invalid Input', 'Bucket name invalid', 'InvalidBucketName');
    const mimes = Array.isArray(b.allowed_mime_types) ? b.allowed_mime_types.map(String) : null;
    await asCallerOrAdmin(deps, caller.auth, (q) =>
      q.query(`insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $2, $3::uuid, $3::text, $4, $5, $6)`, [
        id,
        name,
        caller.userId,
        b.public === true,
        limitOf(b.file_size_limit) ?? null,
        mimes,
      ]),
    );
    return c.json({ name });
  });

  app.put('/bucket/:id', async (c) => {
    const caller = await storageCaller(ctx, c);
    const b = await body(c);
    const limit = limitOf(b.file_size_limit);
    const mimes = b.allowed_mime_types === undefined ? undefined : Array.isArray(b.allowed_mime_types) ? b.allowed_mime_types.map(String) : null;
    const r = await asCallerOrAdmin(deps, caller.auth, (q) =>
      q.query(
        `update storage.buckets set public = coalesce($2, public),
            file_size_limit = case when $3::boolean then $4::bigint else file_size_limit end,
            allowed_mime_types = case when $5::boolean then $6::text[] else allowed_mime_types end,
            updated_at = now()
          where id = $1 returning id`,
        [c.req.param('id'), typeof b.public === 'boolean' ? b.public : null, limit !== undefined, limit ?? null, mimes !== undefined, mimes ?? null],
      ),
    );
    if (!r.rows[0]) throw bucketNotFound();
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const caller = await storageCaller(ctx, c);
    const id = c.req.param('id');
    const r = await asCallerOrAdmin(deps, caller.auth, async (q) => {
      const exists = await q.query(`select 1 from storage.buckets where id = $1`, [id]);
      if (!exists.rows[0]) throw bucketNotFound();
      return q.query<{ bucket_id: string; name: string; version: string | null }>(`delete from storage.objects where bucket_id = $1 returning bucket_id, name, version`, [id]);
    });
    await removeBytes(deps, r.rows.filter((o) => o.version).map((o) => objectKey(o.bucket_id, o.name, o.version!)));
    return c.json({ message: 'Successfully emptied' });
  });

  app.delete('/bucket/:id', async (c) => {
    const caller = await storageCaller(ctx, c);
    const id = c.req.param('id');
    await asCallerOrAdmin(deps, caller.auth, async (q) => {
      const objects = await q.query(`select 1 from storage.objects where bucket_id = $1 limit 1`, [id]);
      if (objects.rows[0]) throw new StorageApiError(409, 'Bucket not empty', 'The bucket you tried to delete is not empty', 'InvalidRequest');
      const r = await q.query(`delete from storage.buckets where id = $1 returning id`, [id]);
      if (!r.rows[0]) throw bucketNotFound();
    });
    return c.json({ message: 'Successfully deleted' });
  });
}
