import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { storageCaller, type StorageCaller } from './caller.js';
import { invalidRequest, payloadTooLarge, StorageApiError, storageErrorResponse } from './errors.js';
import { validateKey } from './keys.js';
import { checkCanUpload, checkMime, getBucket, sizeLimitOf, storeObject, type StorageDeps } from './objects.js';
import { globalFileSizeLimit } from './settings.js';
import { BodyInterruptedError, BodyTooLongError, TusStore, type TusUploadInfo } from './tus-store.js';

/**
 * Resumable uploads as Supabase Storage speaks them at /storage/v1/upload/resumable: TUS 1.0.0 with
 * the creation, creation-with-upload, termination and expiration extensions.
 * - POST creates an upload: `Upload-Length`, `Upload-Metadata` (bucketName, objectName, contentType,
 *   cacheControl, metadata), `x-upsert`; the bucket's size limit (413), MIME rule (415) and the
 *   storage.objects insert policy under the caller's role are checked before any byte is taken.
 * - PATCH appends at `Upload-Offset` (409 when it is not the server's offset); the last byte stores
 *   the object as the caller, exactly as a single-request upload does.
 * - HEAD answers the offset; DELETE terminates; OPTIONS lists what the server speaks.
 * Only the caller who created an upload can see or touch it (another user gets 404).
 * The upload URL's last segment is base64url("<bucket>/<object name>/<version>"), as Supabase's.
 */
export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = 'creation,creation-with-upload,termination,expiration';
/** Supabase keeps an upload URL valid for up to 24 hours. */
export const TUS_EXPIRY_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
/** How long a new request waits for the one it takes an upload over from. */
const TAKEOVER_WAIT_MS = 3000;
const OFFSET_STREAM = 'application/offset+octet-stream';

export interface TusOptions {
  /** Where partial uploads live (default `<dataDir>/storage-tus`). */
  dir?: string;
  expiryMs?: number;
  now?: () => number;
}

interface Holder {
  abort: AbortController;
  released: Promise<void>;
}

/** One request at a time per upload. A newer request (a client resuming after a cut) stops the older one. */
class UploadLocks {
  private held = new Map<string, Holder>();

  async acquire(version: string): Promise<{ signal: AbortSignal; release: () => void }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const current = this.held.get(version);
      if (!current) break;
      current.abort.abort();
      await Promise.race([current.released, new Promise((r) => setTimeout(r, TAKEOVER_WAIT_MS))]);
    }
    if (this.held.has(version)) throw new StorageApiError(409, 'Conflict', 'The upload is in use by another request', 'ResourceLocked');
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holder: Holder = { abort: new AbortController(), released };
    this.held.set(version, holder);
    return {
      signal: holder.abort.signal,
      release: () => {
        if (this.held.get(version) === holder) this.held.delete(version);
        release();
      },
    };
  }
}

/** `key base64,key2 base64` (TUS Upload-Metadata) → decoded values. */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const pair of header.split(',')) {
    const [key, value, extra] = pair.trim().split(' ');
    if (!key || extra !== undefined) throw invalidRequest('Upload-Metadata is malformed');
    if (value !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) throw invalidRequest('Upload-Metadata is malformed');
    out[key] = value === undefined ? '' : Buffer.from(value, 'base64').toString('utf8');
  }
  return out;
}

export function encodeUploadId(bucket: string, objectName: string, version: string): string {
  return Buffer.from(`${bucket}/${objectName}/${version}`, 'utf8').toString('base64url');
}

export function decodeUploadId(id: string): { bucket: string; objectName: string; version: string } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const parts = Buffer.from(id, 'base64url').toString('utf8').split('/');
  if (parts.length < 3) return null;
  const version = parts.pop()!;
  const [bucket, ...rest] = parts;
  return { bucket, objectName: rest.join('/'), version };
}

const notFound = () => new StorageApiError(404, 'not_found', 'Upload not found', 'NoSuchUpload');
const gone = () => new StorageApiError(410, 'Gone', 'The upload has expired', 'NoSuchUpload');

function tusHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': TUS_VERSION, ...extra };
}

function httpDate(ms: number): string {
  return new Date(ms).toUTCString();
}

/** Supabase's rule: a number of seconds becomes max-age=<n>; anything else no-cache. */
function cacheControlOf(value: string | undefined): string {
  return /^-?\d+$/.test(value ?? '') ? `max-age=${value}` : 'no-cache';
}

function userMetadataOf(value: string | undefined): Record<string, unknown> | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function nonNegativeInt(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** The creator, a caller of the same role when nobody signed in created it, or service_role. */
function mayUse(info: TusUploadInfo, caller: StorageCaller): boolean {
  if (caller.auth.role === 'service_role') return true;
  if (info.owner) return caller.userId === info.owner;
  return caller.userId === null && caller.auth.role === info.role;
}

export function registerTusRoutes(app: Hono, deps: StorageDeps, options: TusOptions = {}): TusStore {
  const { ctx } = deps;
  const store = new TusStore(options.dir ?? path.join(ctx.config.dataDir, 'storage-tus'));
  const expiryMs = options.expiryMs ?? TUS_EXPIRY_MS;
  const now = options.now ?? Date.now;
  const locks = new UploadLocks();
  let lastSweep = 0;

  const sweep = () => {
    if (now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now();
    store.sweep(now()).catch((e) => ctx.log(`storage: could not remove expired uploads: ${(e as Error).message}`));
  };

  /** TUS answers carry Tus-Resumable, errors included; storage's JSON error shape is kept. */
  const handle = (fn: (c: Context) => Promise<Response>) => async (c: Context) => {
    try {
      if (c.req.method !== 'OPTIONS' && c.req.header('tus-resumable') !== TUS_VERSION) {
        return c.body(null, 412, tusHeaders({ 'Tus-Version': TUS_VERSION }));
      }
      return await fn(c);
    } catch (e) {
      if (!(e instanceof StorageApiError)) throw e;
      const res = storageErrorResponse(c, e);
      res.headers.set('Tus-Resumable', TUS_VERSION);
      return res;
    }
  };

  /** The upload named by the URL, if the caller may use it. */
  const load = async (c: Context, caller: StorageCaller): Promise<TusUploadInfo> => {
    const id = decodeUploadId(c.req.param('id') ?? '');
    const info = id ? await store.info(id.version) : null;
    if (!id || !info || info.bucket !== id.bucket || info.objectName !== id.objectName || !mayUse(info, caller)) throw notFound();
    if (info.expiresAt <= now()) {
      await store.remove(info.version);
      throw gone();
    }
    return info;
  };

  /** Appends the body; on the last byte stores the object (as the caller) and forgets the upload. */
  const receive = async (c: Context, caller: StorageCaller, info: TusUploadInfo, offset: number): Promise<number> => {
    const lock = await locks.acquire(info.version);
    try {
      const current = await store.offset(info.version);
      if (offset !== current) throw new StorageApiError(409, 'Conflict', `Upload-Offset ${offset} does not match the server's ${current}`, 'InvalidUploadOffset');
      const declared = nonNegativeInt(c.req.header('content-length'));
      if (declared !== null && current + declared > info.length) throw payloadTooLarge();
      let written: number;
      // An upload that starts here is hashed as it arrives: if this request completes it, the
      // object's ETag needs no second pass over the bytes.
      const md5 = current === 0 ? createHash('md5') : undefined;
      try {
        written = await store.append(info.version, c.req.raw.body, info.length - current, lock.signal, md5);
      } catch (e) {
        if (e instanceof BodyTooLongError) throw payloadTooLarge();
        if (e instanceof BodyInterruptedError) throw new StorageApiError(400, 'Interrupted', 'The request body ended early; HEAD the upload for its offset', 'InvalidRequest');
        throw e;
      }
      const reached = current + written;
      if (reached === info.length) await finish(caller, info, md5 && written === info.length ? md5.digest('hex') : undefined);
      return reached;
    } finally {
      lock.release();
    }
  };

  /**
   * Stores the complete upload as its object. `md5`: the whole upload arrived in this request and
   * was hashed on the way, so a backend that can adopt the file takes it as it lies (written once,
   * synced once, never read back; ADR 0235); otherwise its bytes are read and put.
   */
  const finish = async (caller: StorageCaller, info: TusUploadInfo, md5?: string): Promise<void> => {
    try {
      const bucket = await getBucket(deps, info.bucket);
      const adopt = md5 !== undefined && deps.backend.adopt !== undefined;
      const bytes = adopt ? new Uint8Array(0) : await store.bytes(info.version);
      await storeObject(deps, caller.auth, caller.userId ?? info.owner, bucket, info.objectName, {
        bytes,
        file: adopt ? { path: store.binPath(info.version), size: info.length, md5: md5! } : undefined,
        contentType: info.contentType,
        cacheControl: info.cacheControl,
        userMetadata: info.userMetadata,
      }, info.upsert);
    } finally {
      // Stored or refused, the upload is over: a HEAD must never report a complete upload whose
      // object was not stored (the client would take that as success).
      await store.remove(info.version);
    }
  };

  const options_ = handle(async (c) =>
    c.body(null, 204, tusHeaders({
      'Tus-Version': TUS_VERSION,
      'Tus-Extension': TUS_EXTENSIONS,
      'Tus-Max-Size': String(globalFileSizeLimit(ctx.config)),
    })),
  );
  app.options('/upload/resumable', options_);
  app.options('/upload/resumable/', options_);
  app.options('/upload/resumable/:id', options_);

  const create = handle(async (c) => {
    sweep();
    const caller = await storageCaller(ctx, c);
    if (c.req.header('upload-defer-length') !== undefined) throw invalidRequest('Upload-Defer-Length is not supported');
    const length = nonNegativeInt(c.req.header('upload-length'));
    if (length === null) throw invalidRequest('Upload-Length is required');
    const meta = parseUploadMetadata(c.req.header('upload-metadata'));
    if (!meta.bucketName) throw invalidRequest('Upload-Metadata must name the bucketName');
    if (!meta.objectName) throw invalidRequest('Upload-Metadata must name the objectName');
    const objectName = validateKey(meta.objectName);
    const bucket = await getBucket(deps, meta.bucketName);
    if (length > sizeLimitOf(deps, bucket)) throw payloadTooLarge();
    const contentType = meta.contentType || 'application/octet-stream';
    checkMime(bucket, contentType);
    const upsert = c.req.header('x-upsert') === 'true';
    const withBody = (c.req.header('content-type') ?? '').toLowerCase().startsWith(OFFSET_STREAM);
    // A POST that brings the whole file (the usual case for documents up to 6 MB) is checked by the
    // object row's own insert as the caller when it completes — the same policy, the same 403/409
    // as the probe's, as on the standard upload — instead of by a rolled-back probe transaction
    // first (ADR 0235). Should the body end short, the probe runs then, before anything is kept.
    const wholeFileNow = length > 0 && withBody && nonNegativeInt(c.req.header('content-length')) === length;
    const probe = () => checkCanUpload(deps, caller.auth, caller.userId, bucket.id, objectName, upsert);
    if (!wholeFileNow) await probe();
    const created = now();
    const info: TusUploadInfo = {
      version: randomUUID(),
      bucket: bucket.id,
      objectName,
      length,
      owner: caller.userId,
      role: caller.auth.role,
      contentType,
      cacheControl: cacheControlOf(meta.cacheControl),
      userMetadata: userMetadataOf(meta.metadata),
      upsert,
      createdAt: created,
      expiresAt: created + expiryMs,
    };
    await store.create(info);
    const base = c.req.url.replace(/[?#].*$/, '').replace(/\/+$/, '');
    const headers = tusHeaders({
      Location: `${base}/${encodeUploadId(info.bucket, info.objectName, info.version)}`,
      'Upload-Expires': httpDate(info.expiresAt),
    });
    /** A partial upload is kept only for a caller allowed to store it. */
    const keepOnlyIfAllowed = async () => {
      try {
        await probe();
      } catch (e) {
        await store.remove(info.version);
        throw e;
      }
    };
    if (length === 0) {
      await finish(caller, info);
      headers['Upload-Offset'] = '0';
    } else if (withBody) {
      // creation-with-upload: the first chunk came with the POST.
      let reached: number;
      try {
        reached = await receive(c, caller, info, 0);
      } catch (e) {
        if (wholeFileNow && !(e instanceof StorageApiError && (e.status === 403 || e.status === 409))) await keepOnlyIfAllowed();
        throw e;
      }
      if (wholeFileNow && reached < length) await keepOnlyIfAllowed();
      headers['Upload-Offset'] = String(reached);
    }
    return c.body(null, 201, headers);
  });
  app.post('/upload/resumable', create);
  app.post('/upload/resumable/', create);

  // Hono routes HEAD through the GET handlers (and drops the body); only HEAD is TUS.
  app.get('/upload/resumable/:id', handle(async (c) => {
    if (c.req.method !== 'HEAD') return c.body(null, 405, tusHeaders({ Allow: 'HEAD, PATCH, DELETE, OPTIONS' }));
    const caller = await storageCaller(ctx, c);
    const info = await load(c, caller);
    return c.body(null, 200, tusHeaders({
      'Upload-Offset': String(await store.offset(info.version)),
      'Upload-Length': String(info.length),
      'Upload-Expires': httpDate(info.expiresAt),
      'Cache-Control': 'no-store',
    }));
  }));

  app.patch('/upload/resumable/:id', handle(async (c) => {
    const caller = await storageCaller(ctx, c);
    const info = await load(c, caller);
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith(OFFSET_STREAM)) {
      throw new StorageApiError(415, 'Unsupported Media Type', `Content-Type must be ${OFFSET_STREAM}`, 'InvalidRequest');
    }
    const offset = nonNegativeInt(c.req.header('upload-offset'));
    if (offset === null) throw invalidRequest('Upload-Offset is required');
    // As on Supabase, every append is checked against the insert policy again.
    await checkCanUpload(deps, caller.auth, caller.userId, info.bucket, info.objectName, info.upsert);
    const reached = await receive(c, caller, info, offset);
    return c.body(null, 204, tusHeaders({ 'Upload-Offset': String(reached), 'Upload-Expires': httpDate(info.expiresAt) }));
  }));

  app.delete('/upload/resumable/:id', handle(async (c) => {
    const caller = await storageCaller(ctx, c);
    const info = await load(c, caller);
    const lock = await locks.acquire(info.version);
    try {
      await store.remove(info.version);
    } finally {
      lock.release();
    }
    return c.body(null, 204, tusHeaders());
  }));

  return store;
}
