import type { SupabaseClient } from '@supabase/supabase-js';
import { DocumentsApiError, unwrap } from './api-error';

export const DOCUMENTS_BUCKET = 'documents';

/** Where and as whom an upload goes: the project URL, its anon key and the person's JWT. */
export interface StorageTarget {
  supabaseUrl: string;
  anonKey: string;
  accessToken: string;
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

/**
 * Uploads one object with progress events. storage-js's upload() has no progress callback, so this
 * posts the same request it would (POST /storage/v1/object/{bucket}/{path} with the person's JWT)
 * through XMLHttpRequest, whose upload.onprogress reports bytes sent.
 */
export function uploadObject(target: StorageTarget, path: string, body: Blob, options: UploadObjectOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const base = target.supabaseUrl.replace(/\/+$/, '');
    xhr.open('POST', `${base}/storage/v1/object/${DOCUMENTS_BUCKET}/${encodeObjectPath(path)}`);
    xhr.setRequestHeader('authorization', `Bearer ${target.accessToken}`);
    xhr.setRequestHeader('apikey', target.anonKey);
    xhr.setRequestHeader('x-upsert', options.upsert ? 'true' : 'false');
    xhr.setRequestHeader('content-type', options.contentType);
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    };
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.({ loaded: body.size, total: body.size });
        resolve();
        return;
      }
      let code: string | undefined;
      let details: string | undefined;
      try {
        const parsed = JSON.parse(xhr.responseText) as { error?: string; statusCode?: string; message?: string };
        code = parsed.error ?? parsed.statusCode;
        // Storage's message (e.g. a plan limit the database refused) for the classifier.
        details = parsed.message;
      } catch {
        code = undefined;
      }
      reject(new DocumentsApiError(`upload failed with HTTP ${xhr.status}`, { status: xhr.status, code, details }));
    };
    xhr.onerror = () => {
      done();
      // status 0: no answer at all — offline or cut off; the caller queues it.
      reject(new DocumentsApiError('upload failed: network error', { status: 0, code: 'network' }));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelledError());
    };
    xhr.send(body);
  });
}

/** True when a failure means "no connection" (queue and retry later), not "refused". */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof DocumentsApiError) return error.status === 0 || error.code === 'network';
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}

export async function removeObjects(client: SupabaseClient, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  unwrap(await client.storage.from(DOCUMENTS_BUCKET).remove([...paths]), 'remove objects');
}

/** A short-lived signed URL; with `downloadAs` the browser saves it under the document's name. */
export async function signedObjectUrl(client: SupabaseClient, path: string, downloadAs?: string): Promise<string> {
  const result = await client.storage
    .from(DOCUMENTS_BUCKET)
    .createSignedUrl(path, 60, downloadAs ? { download: downloadAs } : undefined);
  const data = unwrap(result, 'sign object') as { signedUrl: string };
  return data.signedUrl;
}

export async function downloadObject(client: SupabaseClient, path: string): Promise<Blob> {
  return unwrap(await client.storage.from(DOCUMENTS_BUCKET).download(path), 'download object') as Blob;
}
