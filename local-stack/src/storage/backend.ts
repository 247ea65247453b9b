import type { ByteRange } from '../http/byte-range.js';
/**
 * Where object bytes live. Keys are `<bucket>/<object name>/<version>` (as Supabase Storage lays
 * them out), already validated; each write gets a new version so a failed or rolled-back upload
 * never overwrites the bytes a committed row points at.
 */
export interface StorageBackend {
  readonly kind: 'local' | 's3';
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /**
   * Makes the file at `source` (written, not necessarily synced; on the same filesystem) the
   * object `key`, durably, moving it rather than copying: a resumable upload's bytes are written
   * once (ADR 0235). Backends without it get the bytes through put().
   */
  adopt?(key: string, source: string): Promise<void>;
  /** A stream of the bytes (or of the inclusive byte range), or null when nothing is stored under `key`. */
  get(key: string, range?: ByteRange): Promise<ReadableStream<Uint8Array> | null>;
  delete(keys: string[]): Promise<void>;
  copy(from: string, to: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

export function objectKey(bucket: string, name: string, version: string): string {
  return `${bucket}/${name}/${version}`;
}

export type { ByteRange } from '../http/byte-range.js';
