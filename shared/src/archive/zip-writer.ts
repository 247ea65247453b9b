import { Zip, ZipPassThrough } from 'fflate';

/**
 * The project's one zip writer (ADR 0161): fflate's streaming `Zip`, entries stored (documents are
 * PDFs and photos, already compressed). Each chunk is handed to `write` and awaited before the next
 * is read, so a slow sink (a disk, a service worker stream) slows the source instead of filling
 * memory; only the chunk in flight is held.
 */
export type ZipSource = Uint8Array | Blob | Response | ReadableStream<Uint8Array>;

export interface ZipSink {
  write(chunk: Uint8Array): Promise<void> | void;
}

function streamOf(source: Exclude<ZipSource, Uint8Array>): ReadableStream<Uint8Array> | null {
  if (source instanceof Response) return source.body;
  if (typeof Blob !== 'undefined' && source instanceof Blob) return source.stream() as ReadableStream<Uint8Array>;
  return source as ReadableStream<Uint8Array>;
}

/** fflate writes no ZIP64 records: past this many bytes offsets would wrap and the zip be corrupt. */
export const ZIP32_LIMIT = 0xffffffff;

export class ZipTooLargeError extends Error {
  constructor() {
    super('This zip would be larger than 4 GB, more than the zip format this app writes can hold.');
    this.name = 'ZipTooLargeError';
  }
}

export class ZipWriter {
  private readonly zip: Zip;
  private pending: Promise<void> = Promise.resolve();
  private failure: unknown = null;
  /** Bytes handed to the sink so far. */
  written = 0;

  constructor(private readonly sink: ZipSink) {
    this.zip = new Zip((err, chunk, final) => {
      if (err) {
        this.failure = err;
        return;
      }
      if (!chunk.length && !final) return;
      this.pending = this.pending.then(async () => {
        this.written += chunk.length;
        if (this.written > ZIP32_LIMIT) throw new ZipTooLargeError();
        await this.sink.write(chunk);
      });
      this.pending.catch((e: unknown) => {
        this.failure ??= e;
      });
    });
  }

  private async drain(): Promise<void> {
    await this.pending;
    if (this.failure) throw this.failure;
  }

  /** Adds one file; `onBytes` hears how many content bytes went through so far. */
  async add(name: string, source: ZipSource, options: { mtime?: string | Date; onBytes?: (n: number) => void } = {}): Promise<void> {
    const entry = new ZipPassThrough(name);
    if (options.mtime) entry.mtime = new Date(options.mtime);
    this.zip.add(entry);
    if (source instanceof Uint8Array) {
      entry.push(source, true);
      await this.drain();
      options.onBytes?.(source.length);
      return;
    }
    const stream = streamOf(source);
    if (!stream) {
      entry.push(new Uint8Array(0), true);
      await this.drain();
      return;
    }
    const reader = stream.getReader();
    let seen = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        entry.push(value, false);
        await this.drain();
        seen += value.length;
        options.onBytes?.(seen);
      }
      entry.push(new Uint8Array(0), true);
      await this.drain();
    } catch (error) {
      await reader.cancel(error).catch(() => undefined);
      throw error;
    }
  }

  /** Writes the central directory. */
  async end(): Promise<void> {
    this.zip.end();
    await this.drain();
  }
}

/** 'name.pdf', 'name (1).pdf', … — the first that `taken` does not know (case-insensitive); remembers it. */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 1; taken.has(candidate.toLowerCase()); n += 1) candidate = name.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
  taken.add(candidate.toLowerCase());
  return candidate;
}
