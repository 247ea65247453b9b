import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Metadata, Server, type Upload } from '@tus/server';
import { storageCaller, type StorageCaller } from './caller.js';
import { fromDatabaseError, invalidRequest, StorageApiError, storageErrorBody, storageErrorResponse } from './errors.js';
import { validateKey } from './keys.js';
import { checkCanUpload, checkMime, getBucket, sizeLimitOf, storeObject, type StorageDeps } from './objects.js';
import { globalFileSizeLimit } from './settings.js';
import { CREATOR_KEYS, parseUploadId, TusStore, uploadIdOf, type TusUploadInfo } from './tus-store.js';

/**
 * Resumable uploads as Supabase Storage serves them at /storage/v1/upload/resumable: TUS 1.0.0
 * (creation, creation-with-upload, termination, expiration) spoken by `@tus/server`, the library
 * Supabase Storage itself mounts, with Storage's rules in its hooks (ADR 0465):
 * - POST: `Upload-Length`, `Upload-Metadata` (bucketName, objectName, contentType, cacheControl,
 *   metadata), `x-upsert`; the bucket's size limit (413, `maxSize`), MIME rule (415) and the
 *   storage.objects insert policy under the caller's role (`onIncomingRequest`) are checked before
 *   any byte is taken.
 * - PATCH appends at `Upload-Offset` (409 when it is not the server's); every PATCH is checked
 *   against the insert policy again; the last byte stores the object as the caller, exactly as a
 *   single-request upload does (`onUploadFinish`).
 * - Only the caller who created an upload can see or touch it (another user gets 404).
 * - The upload URL's last segment is base64url("<bucket>/<object name>/<version>"), as Supabase's.
 * A newer request for an upload (a client resuming after a cut) stops an older one still holding
 * it (@tus/server's lock, after its 3 s drain).
 */
export const TUS_VERSION = '1.0.0';
/** Supabase keeps an upload URL valid for up to 24 hours. */
export const TUS_EXPIRY_MS = 24 * 3600 * 1000;
const SWEEP_EVERY_MS = 60 * 1000;
const OFFSET_STREAM = 'application/offset+octet-stream';
const ROUTE = '/storage/v1/upload/resumable';

export interface TusOptions {
  /** Where partial uploads live (default `<dataDir>/storage-tus`). */
  dir?: string;
  expiryMs?: number;
}

/** What one request brings to the hooks: who asks, and what they learnt along the way. */
interface Call {
  caller: StorageCaller;
  /** POST only: the whole file is in this request (the object row's insert decides, ADR 0235). */
  wholeFileNow?: boolean;
  /** POST only: the id of the upload this request created. */
  created?: string;
  /** An error answered in Storage's JSON shape. */
  storageError?: boolean;
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

/** Supabase's rule: a number of seconds becomes max-age=<n>; anything else no-cache. */
function cacheControlOf(value: string | null | undefined): string {
  return /^-?\d+$/.test(value ?? '') ? `max-age=${value}` : 'no-cache';
}

/** The creator, a caller of the same role when nobody signed in created it, or service_role. */
function mayUse(info: TusUploadInfo, caller: StorageCaller): boolean {
  if (caller.auth.role === 'service_role') return true;
  if (info.owner) return caller.userId === info.owner;
  return caller.userId === null && caller.auth.role === info.role;
}

function metadataOf(req: Request): Record<string, string | null> {
  const header = req.headers.get('upload-metadata');
  // @tus/server validated the header before any hook runs.
  return header ? Metadata.parse(header) : {};
}

function asStorageError(e: unknown): StorageApiError | null {
  return e instanceof StorageApiError ? e : fromDatabaseError(e);
}

/** Storage's JSON error, with Tus-Resumable as every TUS answer; anything else goes on up. */
function tusStorageError(c: Context, e: unknown): Response {
  const known = asStorageError(e);
  if (!known) throw e;
  const res = storageErrorResponse(c, known);
  res.headers.set('Tus-Resumable', TUS_VERSION);
  return res;
}

export function registerTusRoutes(app: Hono, deps: StorageDeps, options: TusOptions = {}): TusStore {
  const { ctx } = deps;
  const store = new TusStore(options.dir ?? path.join(ctx.config.dataDir, 'storage-tus'), options.expiryMs ?? TUS_EXPIRY_MS);
  const calls = new WeakMap<Request, Call>();
  let lastSweep = 0;

  const callOf = (req: Request): Call => {
    const call = calls.get(req);
    if (!call) throw new Error('a TUS request reached @tus/server without its caller');
    return call;
  };

  const sweep = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    store.deleteExpired().catch((e) => ctx.log(`storage: could not remove expired uploads: ${(e as Error).message}`));
  };

  const probe = (caller: StorageCaller, bucket: string, objectName: string, upsert: boolean) =>
    checkCanUpload(deps, caller.auth, caller.userId, bucket, objectName, upsert);

  /**
   * Stores the complete upload as its object, as the caller. A backend that can adopt the file
   * takes it as it lies (written once, never read back when it arrived in one request: its MD5 was
   * taken on the way; ADR 0235); otherwise its bytes are read and put.
   */
  const finish = async (call: Call, id: string, viaCreation: boolean): Promise<void> => {
    try {
      const info = await store.info(id);
      if (!info) throw notFound();
      const bucket = await getBucket(deps, info.bucket);
      const adopt = deps.backend.adopt !== undefined;
      await storeObject(deps, call.caller.auth, call.caller.userId ?? info.owner, bucket, info.objectName, {
        bytes: adopt ? new Uint8Array(0) : await store.bytes(info.version),
        file: adopt ? { path: store.binPath(info.version), size: info.length, md5: await store.md5(id, info.version) } : undefined,
        contentType: info.contentType,
        cacheControl: info.cacheControl,
        userMetadata: info.userMetadata,
      }, info.upsert);
      if (viaCreation) store.storedByCreation(id, info.length);
    } finally {
      // Stored or refused, the upload is over: a HEAD must never report a complete upload whose
      // object was not stored (the client would take that as success).
      await store.remove(id);
    }
  };

  const server = new Server({
    path: ROUTE,
    datastore: store,
    // The bucket's limit within the global one (Tus-Max-Size answers the global one).
    maxSize: async (_req, id) => {
      const parsed = id ? parseUploadId(id) : null;
      return parsed ? sizeLimitOf(deps, await getBucket(deps, parsed.bucket)) : globalFileSizeLimit(ctx.config);
    },
    namingFunction: (_req, metadata) => {
      if (!metadata?.bucketName) throw invalidRequest('Upload-Metadata must name the bucketName');
      if (!metadata.objectName) throw invalidRequest('Upload-Metadata must name the objectName');
      return `${metadata.bucketName}/${validateKey(metadata.objectName)}/${randomUUID()}`;
    },
    generateUrl: (req, { id }) => `${req.url.replace(/[?#].*$/, '').replace(/\/+$/, '')}/${Buffer.from(id, 'utf8').toString('base64url')}`,
    getFileIdFromRequest: (_req, lastPath) => {
      const id = lastPath ? decodeUploadId(lastPath) : null;
      return id ? `${id.bucket}/${id.objectName}/${id.version}` : undefined;
    },
    onIncomingRequest: async (req, id) => {
      const call = callOf(req);
      const parsed = parseUploadId(id);
      if (!parsed) throw notFound();
      if (req.method === 'POST') {
        sweep();
        const bucket = await getBucket(deps, parsed.bucket);
        checkMime(bucket, metadataOf(req).contentType || 'application/octet-stream');
        const length = Number(req.headers.get('upload-length'));
        // A POST that brings the whole file (the usual case for documents up to 6 MB) is checked
        // by the object row's own insert as the caller when it completes — the same policy, the
        // same 403/409 as the probe's — instead of by a rolled-back probe transaction first (ADR
        // 0235). Should the body end short, the probe runs then (see `serve`).
        call.wholeFileNow = length > 0 && (req.headers.get('content-type') ?? '').toLowerCase().startsWith(OFFSET_STREAM) && req.headers.get('content-length') === String(length);
        if (!call.wholeFileNow) await probe(call.caller, bucket.id, parsed.objectName, req.headers.get('x-upsert') === 'true');
        return;
      }
      // A complete upload whose object is being stored is decided first.
      await store.settled(id);
      const info = await store.info(id);
      if (!info || !mayUse(info, call.caller)) throw notFound();
      if (info.expiresAt <= Date.now()) {
        await store.remove(id);
        throw gone();
      }
      // As on Supabase, every append is checked against the insert policy again.
      if (req.method === 'PATCH') await probe(call.caller, info.bucket, info.objectName, info.upsert);
    },
    onUploadCreate: async (req, upload: Upload) => {
      const call = callOf(req);
      call.created = upload.id;
      const meta = upload.metadata ?? {};
      const metadata: Record<string, string | null> = {
        contentType: meta.contentType || 'application/octet-stream',
        cacheControl: cacheControlOf(meta.cacheControl),
        // Who created it, from the verified token: never from the client's metadata.
        [CREATOR_KEYS.owner]: call.caller.userId,
        [CREATOR_KEYS.role]: call.caller.auth.role,
        [CREATOR_KEYS.upsert]: String(req.headers.get('x-upsert') === 'true'),
      };
      if (meta.metadata) metadata.metadata = meta.metadata;
      return { metadata };
    },
    onUploadFinish: async (req, upload) => {
      await finish(callOf(req), upload.id, req.method === 'POST');
      return {};
    },
    onResponseError: (req, e) => {
      const known = asStorageError(e);
      if (known) {
        callOf(req).storageError = true;
        return { status_code: known.status, body: JSON.stringify(storageErrorBody(known)) };
      }
      // @tus/server's own answers (409 offset, 413, 404 …) are plain objects: sent as they are.
      if (e instanceof Error) ctx.log(`storage: resumable upload failed: ${e.stack ?? e.message}`);
      return undefined;
    },
  });

  /** The caller, @tus/server's answer, and what stays Storage's own (see ADR 0465). */
  const serve = async (c: Context): Promise<Response> => {
    const req = c.req.raw;
    let call: Call | null = null;
    try {
      // Hono routes HEAD through GET handlers; only HEAD is TUS.
      if (req.method === 'GET') return c.body(null, 405, { 'Tus-Resumable': TUS_VERSION, Allow: 'HEAD, PATCH, DELETE, OPTIONS' });
      // OPTIONS asks what the server speaks: no caller, and no hook runs for it.
      if (req.method !== 'OPTIONS') call = { caller: await storageCaller(ctx, c) };
      // The TUS spec's 415 (@tus/server answers 400 or 403).
      if (req.method === 'PATCH' && !(c.req.header('content-type') ?? '').toLowerCase().startsWith(OFFSET_STREAM)) {
        throw new StorageApiError(415, 'Unsupported Media Type', `Content-Type must be ${OFFSET_STREAM}`, 'InvalidRequest');
      }
    } catch (e) {
      return tusStorageError(c, e);
    }
    if (call) calls.set(req, call);
    const res = await server.handleWeb(req);
    // The whole file was announced but not all of it arrived: a partial upload is kept only for a
    // caller allowed to store it.
    const info = call?.wholeFileNow && call.created ? await store.info(call.created) : null;
    if (call && info) {
      try {
        await probe(call.caller, info.bucket, info.objectName, info.upsert);
      } catch (e) {
        await store.remove(uploadIdOf(info));
        return tusStorageError(c, e);
      }
    }
    const headers = new Headers();
    res.headers.forEach((value, name) => {
      // CORS is the stack's (its allowed origins, credentials): @tus/server's `*` is left out.
      if (!name.startsWith('access-control-')) headers.set(name, value);
    });
    if (call?.storageError) headers.set('content-type', 'application/json');
    const status = res.status as ContentfulStatusCode;
    return res.body ? c.body(res.body, status, Object.fromEntries(headers)) : c.body(null, status, Object.fromEntries(headers));
  };

  app.on(['POST', 'OPTIONS'], ['/upload/resumable', '/upload/resumable/'], serve);
  app.on(['GET', 'PATCH', 'DELETE', 'OPTIONS'], '/upload/resumable/:id', serve);
  return store;
}
