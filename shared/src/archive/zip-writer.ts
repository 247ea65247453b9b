import { makeZip } from 'client-zip';

/**
 * The project's zip writer (ADR 0171, which refines 0161): client-zip's streaming `makeZip`,
 * entries stored (documents are PDFs and photos, already compressed), ZIP64 records written by
 * itself once an entry or the archive passes 4 GiB — so an export has no size ceiling. The zip is
 * pulled one chunk at a time and each chunk is awaited by the sink before the next is made, so a
 * slow sink (a disk, a service worker stream) slows the source instead of filling memory.
 * Reading zips stays with fflate (zip-reader.ts): client-zip only writes.
 */
export type ZipSource = Uint8Array | Blob | Response | ReadableStream<Uint8Array>;

export interface ZipSink {
  write(chunk: Uint8Array): Promise<void> | void;
}

interface QueuedEntry {
  name: string;
  lastModified: Date | undefined;
  input: ReadableStream<Uint8Array>;
}

function streamOf(source: ZipSource): ReadableStream<Uint8Array> {
  if (source instanceof Uint8Array) {
    return new ReadableStream({
      start(controller) {
        if (source.length) controller.enqueue(source);
        controller.close();
      },
    });
  }
  if (source instanceof Response) return source.body ?? streamOf(new Uint8Array(0));
  if (source instanceof ReadableStream) return source;
  return source.stream() as ReadableStream<Uint8Array>;
}

export class ZipWriter {
  /** Bytes handed to the sink so far. */
  written = 0;
  private readonly queue: QueuedEntry[] = [];
  private wake: (() => void) | null = null;
  private ended = false;
  private readonly pump: Promise<void>;

  constructor(sink: ZipSink) {
    const zip = makeZip(this.entries(), { buffersAreUTF8: true }).getReader();
    this.pump = (async () => {
      try {
        for (;;) {
          const { done, value } = await zip.read();
          if (done) return;
          this.written += value.length;
          await sink.write(value);
        }
      } catch (error) {
        await zip.cancel(error).catch(() => undefined);
        for (const entry of this.queue.splice(0)) await entry.input.cancel(error).catch(() => undefined);
        throw error;
      }
    })();
    // Failures reach the caller through add() and end(); this only keeps them from being "unhandled".
    this.pump.catch(() => undefined);
  }

  /** The entries makeZip pulls, as add() queues them; ends when end() was called and all are out. */
  private async *entries(): AsyncGenerator<QueuedEntry> {
    for (;;) {
      while (this.queue.length === 0 && !this.ended) await new Promise<void>((resolve) => (this.wake = resolve));
      const next = this.queue.shift();
      if (!next) return;
      yield next;
    }
  }

  private nudge(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  /**
   * Adds one file and resolves once its content has gone into the zip; `onBytes` hears how many
   * content bytes went through so far.
   */
  async add(name: string, source: ZipSource, options: { mtime?: string | Date; onBytes?: (n: number) => void } = {}): Promise<void> {
    const reader = streamOf(source).getReader();
    let seen = 0;
    let consumed!: () => void;
    const whenConsumed = new Promise<void>((resolve) => (consumed = resolve));
    const input = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          consumed();
          return;
        }
        seen += value.length;
        controller.enqueue(value);
        options.onBytes?.(seen);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    this.queue.push({ name, lastModified: options.mtime ? new Date(options.mtime) : undefined, input });
    this.nudge();
    // Either the content went in, or the zip failed (the sink, the source) and that error is ours.
    await Promise.race([whenConsumed, this.pump]);
  }

  /** Writes the central directory (with ZIP64 records when needed) and waits for the sink. */
  async end(): Promise<void> {
    this.ended = true;
    this.nudge();
    await this.pump;
  }
}

/** 'name.pdf', 'name (1).pdf', … — the first that `taken` does not know (case-insensitive); remembers it. */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 1; taken.has(candidate.toLowerCase()); n += 1) candidate = name.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
  taken.add(candidate.toLowerCase());
  return candidate;
}
