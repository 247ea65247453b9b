import type { SupabaseClient } from '@supabase/supabase-js';
import type { DetailedError } from 'tus-js-client';
import { DataError, DOCUMENTS_BUCKET, documentsBucket, OPERATION_RETRY_POLICIES, readResult, thumbnailPathOf, tusRetryOptions, withDownloadName } from '@dossier/shared/core';

/** Where and as whom an upload goes: the project URL, its anon key and the person's JWT. */
export interface StorageTarget {
  supabaseUrl: string;
  anonKey: string;
  /** The JWT at the moment of each request (an upload may outlive one token). */
  accessToken: () => Promise<string>;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadObjectOptions {
  contentType: string;
  /** Replays of a queued upload overwrite their own earlier partial attempt (same key). */
  upsert?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Each path segment percent-encoded, as storage-js does, so unicode and spaces survive. */
export function encodeObjectPath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** An upload the person cancelled (not a failure to report). */
export class UploadCancelledError extends Error {
  constructor() {
    super('upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/** Supabase Storage takes resumable uploads in chunks of exactly 6 MB (its docs: do not change it). */
export const RESUMABLE_CHUNK_SIZE = 6 * 1024 * 1024;

/**
 * The key under which the upload URL is remembered (localStorage): the object's path, which holds
 * the document id. A queued upload replayed after a reload has the same path, so it finds its
 * earlier upload and sends only what the server does not have yet.
 */
export function uploadFingerprint(path: string): string {
  return `dossier-upload:${DOCUMENTS_BUCKET}/${path}`;
}

/** A tus-js-client failure as the rest of the area reads failures (status 0: no answer). */
export function uploadFailure(error: unknown): DataError {
  const response = (error as DetailedError | null)?.originalResponse ?? null;
  const status = response ? response.getStatus() : 0;
  if (!status) return new DataError('upload failed: network error', { status: 0, code: 'network' });
  let code: string | undefined;
  let details: string | undefined;
  try {
    const parsed = JSON.parse(response?.getBody() ?? '') as { error?: string; statusCode?: string; message?: string };
    code = parsed.error ?? parsed.statusCode;
    // Storage's message (e.g. a plan limit the database refused) for the classifier.
    details = parsed.message;
  } catch {
    code = undefined;
  }
  return new DataError(`upload failed with HTTP ${status}`, { status, code, details });
}

/**
 * After a dropped request tus asks the server for its offset and goes on from there, as often and
 * as late as SPEC §9's upload policy says (ADR 0400); a refusal (403, 404, 409…) ends the upload.
 */
export const RESUMABLE_RETRY = tusRetryOptions(OPERATION_RETRY_POLICIES.upload, uploadFailure);

/**
 * Uploads one object over TUS, the resumable protocol Supabase Storage serves at
 * /storage/v1/upload/resumable (docs/decisions/0041): 6 MB chunks, progress per chunk, a dropped
 * connection retried from the server's offset, the upload URL remembered by fingerprint so a
 * replay (the offline queue, after a reload) resumes instead of starting over. Cancelling ends
 * the upload on the server too.
 */
export async function uploadObject(target: StorageTarget, path: string, body: Blob, options: UploadObjectOptions): Promise<void> {
  // tus-js-client (14 KB gzip) is fetched with the first upload, not with the library (issue 24).
  const { Upload } = await import('tus-js-client');
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    let cancelled = false;
    const upload = new Upload(body, {
      endpoint: `${target.supabaseUrl.replace(/\/+$/, '')}/storage/v1/upload/resumable`,
      chunkSize: RESUMABLE_CHUNK_SIZE,
      ...RESUMABLE_RETRY,
      uploadDataDuringCreation: true,
      removeFingerprintOnSuccess: true,
      fingerprint: async () => uploadFingerprint(path),
      headers: { apikey: target.anonKey, 'x-upsert': options.upsert ? 'true' : 'false' },
      metadata: { bucketName: DOCUMENTS_BUCKET, objectName: path, contentType: options.contentType, cacheControl: '3600' },
      onBeforeRequest: async (request) => {
        request.setHeader('authorization', `Bearer ${await target.accessToken()}`);
      },
      onProgress: (sent, total) => options.onProgress?.({ loaded: sent, total: total || body.size }),
      onSuccess: () => {
        options.signal?.removeEventListener('abort', onAbort);
        options.onProgress?.({ loaded: body.size, total: body.size });
        resolve();
      },
      onError: (error) => {
        options.signal?.removeEventListener('abort', onAbort);
        reject(cancelled ? new UploadCancelledError() : uploadFailure(error));
      },
    });
    const onAbort = () => {
      cancelled = true;
      // true: the partial upload is deleted on the server and forgotten here.
      upload.abort(true).catch(() => undefined);
      reject(new UploadCancelledError());
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (cancelled) return;
        if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch((error: unknown) => reject(uploadFailure(error)));
  });
}

export async function removeObjects(client: SupabaseClient, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  readResult(await documentsBucket(client).remove([...paths]), 'remove objects');
}

/**
 * A short-lived signed URL; with `downloadAs` (a downloadFileName) the browser saves it under that
 * name — set by withDownloadName, as supabase-js's own `download` option encodes it twice.
 */
export async function signedObjectUrl(client: SupabaseClient, path: string, downloadAs?: string): Promise<string> {
  const result = await documentsBucket(client).createSignedUrl(path, 60);
  const data = readResult(result, 'sign object') as { signedUrl: string };
  return downloadAs ? withDownloadName(data.signedUrl, downloadAs) : data.signedUrl;
}

export async function downloadObject(client: SupabaseClient, path: string): Promise<Blob> {
  return readResult(await documentsBucket(client).download(path), 'download object') as Blob;
}

// The thumbnail's key beside its file: one rule for the browser and the transfer function.
export { thumbnailPathOf };

/** Types Storage's render endpoint reads (HEIC is not among them on hosted Supabase either). */
const RENDERABLE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif']);

/** The stored image a thumbnail is rendered from: the image itself, a PDF's first page, or none. */
export function thumbnailSourceOf(doc: { storage_path: string; mime_type: string }): string | null {
  if (!doc.storage_path) return null;
  if (RENDERABLE_IMAGES.has(doc.mime_type)) return doc.storage_path;
  if (doc.mime_type === 'application/pdf') return thumbnailPathOf(doc.storage_path);
  return null;
}

/** Seconds a thumbnail URL stays valid; the library re-signs it before then. */
export const THUMBNAIL_URL_SECONDS = 3600;

/**
 * A signed URL of the image resized by Storage's image transformation endpoint
 * (`/storage/v1/render/image/sign/…`): the same call works on hosted Supabase and the local stack.
 */
export async function thumbnailUrl(client: SupabaseClient, sourcePath: string, size: { width: number; height: number }): Promise<string> {
  const result = await documentsBucket(client)
    .createSignedUrl(sourcePath, THUMBNAIL_URL_SECONDS, { transform: { width: size.width, height: size.height, resize: 'cover', quality: 70 } });
  const data = readResult(result, 'sign thumbnail') as { signedUrl: string };
  return data.signedUrl;
}

/** Stores a PDF's rendered first page beside it (replacing an earlier one). */
export async function putThumbnail(client: SupabaseClient, storagePath: string, image: Blob): Promise<void> {
  readResult(await documentsBucket(client).upload(thumbnailPathOf(storagePath), image, { contentType: 'image/png', upsert: true }), 'store thumbnail');
}
