import type { UploadManager } from './upload-manager';

/** Uploads at once for an import (Drive): its files arrive one by one, so the line is kept full. */
export const IMPORT_UPLOAD_CONCURRENCY = 4;

/** Files in flight at once when they arrive over time (a Drive import): checked, queued or uploading. */
export const FEED_WINDOW = 4;

/**
 * Adds files that arrive over time to an upload manager, pulling the next one only while fewer
 * than `window` files are in flight there. The producer sees the pull as its back-pressure: a file
 * nobody has asked for yet need not be downloaded, so memory holds at most `window` files here plus
 * what the producer keeps ready (ADR 0235).
 *
 * `signal` stops the pulling without ending the producer (React runs an effect twice in
 * development; the second run goes on with the same iterator). A file already asked for when it
 * stops is still added, so nothing pulled is lost. Resolves 'done' when the files have ended.
 */
export async function feedUploads(
  manager: Pick<UploadManager, 'add' | 'whenBelow'>,
  files: AsyncIterator<File>,
  options: { window?: number; signal?: AbortSignal; onAdded?: (file: File) => void } = {},
): Promise<'done' | 'stopped'> {
  const window = options.window ?? FEED_WINDOW;
  for (;;) {
    await manager.whenBelow(window);
    if (options.signal?.aborted) return 'stopped';
    const next = await files.next();
    if (next.done) return 'done';
    options.onAdded?.(next.value);
    // Not awaited: the check (validate, hash, duplicate) runs while the next file is pulled.
    void manager.add([next.value]);
  }
}

export function isFileFeed(files: readonly File[] | AsyncIterable<File>): files is AsyncIterable<File> {
  return typeof (files as AsyncIterable<File>)[Symbol.asyncIterator] === 'function';
}
