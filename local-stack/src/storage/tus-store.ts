import type { Hash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** What a resumable upload was created with; kept beside its bytes so a restart loses nothing. */
export interface TusUploadInfo {
  /** A random UUID: the object's version once stored, and the name of the upload's files. */
  version: string;
  bucket: string;
  objectName: string;
  /** Upload-Length: the whole file, in bytes. */
  length: number;
  /** The JWT's sub of the creator (null for anon or service_role). */
  owner: string | null;
  /** The creator's database role. */
  role: string;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
  createdAt: number;
  expiresAt: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The request body ended before it was read to the end (the client went away). */
export class BodyInterruptedError extends Error {
  constructor(readonly written: number) {
    super('request body interrupted');
    this.name = 'BodyInterruptedError';
  }
}

/** More bytes arrived than the upload has left. */
export class BodyTooLongError extends Error {
  constructor(readonly written: number) {
    super('request body longer than the upload');
    this.name = 'BodyTooLongError';
  }
}

/**
 * Partial uploads on disk: `<dir>/<version>.json` (the info) and `<dir>/<version>.bin` (the bytes
 * received so far). The offset is the size of the .bin file, written with fsync after each PATCH,
 * so what the server answers to HEAD is what it really holds — also after a crash or restart.
 * In S3 mode the bytes wait here too and go to the bucket in one put when complete.
 */
export class TusStore {
  constructor(readonly dir: string) {}

  private file(version: string, ext: 'json' | 'bin'): string {
    if (!UUID.test(version)) throw new Error(`not an upload version: ${version}`);
    return path.join(this.dir, `${version}.${ext}`);
  }

  async create(info: TusUploadInfo): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = this.file(info.version, 'json');
    await writeFile(`${target}.tmp`, JSON.stringify(info));
    await rename(`${target}.tmp`, target);
    await writeFile(this.file(info.version, 'bin'), new Uint8Array());
  }

  async info(version: string): Promise<TusUploadInfo | null> {
    if (!UUID.test(version)) return null;
    try {
      return JSON.parse(await readFile(this.file(version, 'json'), 'utf8')) as TusUploadInfo;
    } catch {
      return null;
    }
  }

  async offset(version: string): Promise<number> {
    try {
      return (await stat(this.file(version, 'bin'))).size;
    } catch {
      return 0;
    }
  }

  /** Where the upload's bytes are (the backend may adopt the file once the upload is complete). */
  binPath(version: string): string {
    return this.file(version, 'bin');
  }

  /**
   * Appends the body to the upload, at most `max` bytes; stops early when `signal` aborts (another
   * request took the upload over). Everything received is kept and synced to disk when the body
   * ends short, breaks off or runs too long (the errors carry how much was written): that is the
   * offset a HEAD answers. A body that completes the upload (`max` bytes, no error) is NOT synced
   * here: the caller stores it as an object at once, durably, and acknowledges only then (or
   * drops the upload), so syncing it here too would write it twice (ADR 0235). `hash`, if given,
   * sees every byte appended, in order.
   */
  async append(version: string, body: ReadableStream<Uint8Array> | null, max: number, signal: AbortSignal, hash?: Hash): Promise<number> {
    if (!body) return 0;
    const handle = await open(this.file(version, 'bin'), 'a');
    const reader = body.getReader();
    let written = 0;
    let failure: Error | null = null;
    const onAbort = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          failure = new BodyInterruptedError(written);
          break;
        }
        if (chunk.done) {
          if (signal.aborted) failure = new BodyInterruptedError(written);
          break;
        }
        const room = max - written;
        const part = chunk.value.byteLength > room ? chunk.value.subarray(0, room) : chunk.value;
        if (part.byteLength) {
          await handle.write(part);
          hash?.update(part);
        }
        written += part.byteLength;
        if (part.byteLength < chunk.value.byteLength) {
          failure = new BodyTooLongError(written);
          await reader.cancel().catch(() => undefined);
          break;
        }
      }
      if (failure || written < max) await handle.sync();
    } finally {
      signal.removeEventListener('abort', onAbort);
      await handle.close();
    }
    if (failure) throw failure;
    return written;
  }

  async bytes(version: string): Promise<Uint8Array> {
    return readFile(this.file(version, 'bin'));
  }

  async remove(version: string): Promise<void> {
    await rm(this.file(version, 'json'), { force: true });
    await rm(this.file(version, 'bin'), { force: true });
  }

  /** Removes uploads whose expiry has passed (and stray files without info); returns how many. */
  async sweep(now: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const m = /^([0-9a-f-]{36})\.json$/.exec(name);
      if (!m) continue;
      const info = await this.info(m[1]);
      if (!info || info.expiresAt <= now) {
        await this.remove(m[1]);
        removed += 1;
      }
    }
    for (const name of names) {
      const m = /^([0-9a-f-]{36})\.bin$/.exec(name);
      if (m && !names.includes(`${m[1]}.json`)) await rm(path.join(this.dir, name), { force: true });
    }
    return removed;
  }
}
