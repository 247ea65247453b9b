import { Inflate } from 'fflate';

/**
 * Random-access reading of a zip held in a Blob or File (ADR 0161): only the central directory and
 * the one entry asked for are read, so importing a multi-gigabyte export never holds the whole zip
 * in memory. Reads ZIP64 records too. Entries are stored (method 0) or deflated (8, through
 * fflate's streaming Inflate).
 */
export interface ZipEntryInfo {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  offset: number;
}

const u16 = (v: DataView, at: number) => v.getUint16(at, true);
const u32 = (v: DataView, at: number) => v.getUint32(at, true);
const u64 = (v: DataView, at: number) => Number(v.getBigUint64(at, true));

async function bytes(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, end).arrayBuffer());
}

const notZip = () => new Error('This file is not a zip archive.');

export class ZipReader {
  private constructor(
    private readonly blob: Blob,
    readonly entries: Map<string, ZipEntryInfo>,
  ) {}

  static async open(blob: Blob): Promise<ZipReader> {
    const tailStart = Math.max(0, blob.size - (65_535 + 22));
    const tail = await bytes(blob, tailStart, blob.size);
    const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i -= 1) {
      if (u32(view, i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw notZip();
    let count = u16(view, eocd + 10);
    let cdSize = u32(view, eocd + 12);
    let cdOffset = u32(view, eocd + 16);
    if (cdOffset === 0xffffffff || count === 0xffff || cdSize === 0xffffffff) {
      // ZIP64: the locator sits just before the end record and points at the ZIP64 end record.
      const locator = eocd - 20;
      if (locator < 0 || u32(view, locator) !== 0x07064b50) throw notZip();
      const z64at = u64(view, locator + 8);
      const z64 = await bytes(blob, z64at, z64at + 56);
      const zv = new DataView(z64.buffer, z64.byteOffset, z64.byteLength);
      if (u32(zv, 0) !== 0x06064b50) throw notZip();
      count = u64(zv, 32);
      cdSize = u64(zv, 40);
      cdOffset = u64(zv, 48);
    }
    const cd = await bytes(blob, cdOffset, cdOffset + cdSize);
    const cv = new DataView(cd.buffer, cd.byteOffset, cd.byteLength);
    const entries = new Map<string, ZipEntryInfo>();
    let at = 0;
    for (let n = 0; n < count; n += 1) {
      if (u32(cv, at) !== 0x02014b50) throw notZip();
      const flags = u16(cv, at + 8);
      const method = u16(cv, at + 10);
      let compressedSize = u32(cv, at + 20);
      let size = u32(cv, at + 24);
      const nameLength = u16(cv, at + 28);
      const extraLength = u16(cv, at + 30);
      const commentLength = u16(cv, at + 32);
      let offset = u32(cv, at + 42);
      const rawName = cd.subarray(at + 46, at + 46 + nameLength);
      const name = flags & 0x800 ? new TextDecoder().decode(rawName) : Array.from(rawName, (c) => String.fromCharCode(c)).join('');
      // ZIP64 extra field: the 64-bit values, in this order, for each 32-bit field that is 0xFFFFFFFF.
      for (let e = at + 46 + nameLength; e < at + 46 + nameLength + extraLength; ) {
        const id = u16(cv, e);
        const len = u16(cv, e + 2);
        if (id === 0x0001) {
          let p = e + 4;
          if (size === 0xffffffff) {
            size = u64(cv, p);
            p += 8;
          }
          if (compressedSize === 0xffffffff) {
            compressedSize = u64(cv, p);
            p += 8;
          }
          if (offset === 0xffffffff) offset = u64(cv, p);
        }
        e += 4 + len;
      }
      entries.set(name, { name, method, compressedSize, size, offset });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return new ZipReader(blob, entries);
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** One entry's content as a stream of chunks (at most 1 MiB read at a time). */
  stream(name: string): ReadableStream<Uint8Array> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`The zip has no ${name}.`);
    if (entry.method !== 0 && entry.method !== 8) throw new Error(`${name} uses a compression this app cannot read.`);
    const blob = this.blob;
    let position = -1;
    let end = 0;
    let inflate: Inflate | null = null;
    const queue: Uint8Array[] = [];
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (position < 0) {
          const header = await bytes(blob, entry.offset, entry.offset + 30);
          const hv = new DataView(header.buffer, header.byteOffset, header.byteLength);
          if (u32(hv, 0) !== 0x04034b50) throw notZip();
          position = entry.offset + 30 + u16(hv, 26) + u16(hv, 28);
          end = position + entry.compressedSize;
          if (entry.method === 8) inflate = new Inflate((chunk) => void queue.push(chunk));
        }
        while (!queue.length) {
          if (position >= end) {
            if (inflate) {
              inflate.push(new Uint8Array(0), true);
              inflate = null;
              continue;
            }
            controller.close();
            return;
          }
          const next = Math.min(end, position + 1024 * 1024);
          const chunk = await bytes(blob, position, next);
          position = next;
          if (inflate) inflate.push(chunk, false);
          else queue.push(chunk);
        }
        controller.enqueue(queue.shift()!);
      },
    });
  }

  /** One entry's content whole (for the manifest and for one document at a time). */
  async read(name: string): Promise<Uint8Array> {
    const parts: Uint8Array[] = [];
    let length = 0;
    const reader = this.stream(name).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.length;
    }
    const out = new Uint8Array(length);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}
