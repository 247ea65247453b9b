/**
 * A gzip-compressed POSIX tar (ustar + PAX `path` / `size` records), written from and read into a
 * folder. Small on purpose: the archive only ever holds regular files, so `tar tzf` and any
 * unarchiver can open a backup, and no extra dependency is needed for it.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Readable } from 'node:stream';

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name.slice(0, 100), 0, 'utf8');
  h.write(octal(0o600, 8), 100);
  h.write(octal(0, 8), 108);
  h.write(octal(0, 8), 116);
  h.write(octal(Math.min(size, MAX_OCTAL_SIZE), 12), 124);
  h.write(octal(mtime, 12), 136);
  h.write('        ', 148);
  h.write(type, 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148);
  return h;
}

/** One PAX record: "<length> key=value\n", where length counts the whole record. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Every file under `dir`, as archive paths with `/`, sorted (directories are implied). */
async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of (await readdir(path.join(dir, prefix), { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesUnder(dir, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/**
 * Packs the regular files of `dir` into a .tar.gz at `file`; `last` names files written after all
 * others (the manifest: an archive cut short has no manifest, and restore refuses it).
 */
export async function packFolder(dir: string, file: string, last: string[] = []): Promise<void> {
  const names = await filesUnder(dir);
  const ordered = [...names.filter((n) => !last.includes(n)), ...last.filter((n) => names.includes(n))];
  const mtime = Math.floor(Date.now() / 1000);
  async function* blocks(): AsyncGenerator<Buffer> {
    for (const name of ordered) {
      const full = path.join(dir, name);
      const size = (await stat(full)).size;
      const pax = (Buffer.byteLength(name) > 99 || /[^\x20-\x7e]/.test(name) ? paxRecord('path', name) : '') + (size > MAX_OCTAL_SIZE ? paxRecord('size', String(size)) : '');
      if (pax) {
        const body = Buffer.from(pax, 'utf8');
        yield header('././@PaxHeader', body.length, 'x', mtime);
        yield body;
        yield padding(body.length);
      }
      yield header(name, size, '0', mtime);
      for await (const chunk of createReadStream(full)) yield chunk as Buffer;
      yield padding(size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(Readable.from(blocks()), createGzip(), createWriteStream(file, { mode: 0o600 }));
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** An archive that is not one of ours or is cut short. */
export class ArchiveFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveFormatError';
  }
}

/** Reads exactly n bytes at a time from a stream of chunks. */
class Reader {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(next.value);
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  /** Up to `max` bytes (at least one unless the stream ended). */
  async some(max: number): Promise<Buffer | null> {
    if (!(await this.fill(1))) return null;
    const all = Buffer.concat(this.buffered);
    const out = all.subarray(0, Math.min(max, all.length));
    const rest = all.subarray(out.length);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    return out;
  }

  async exactly(n: number): Promise<Buffer> {
    if (!(await this.fill(n))) throw new ArchiveFormatError('the archive ends in the middle of a file (cut short?)');
    return (await this.some(n))!;
  }
}

/** Archive paths we write: plain relative names, nothing that could leave the target folder. */
const SAFE_NAME = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Unpacks a .tar.gz written by packFolder into `dir`, refusing any name that would leave it. */
export async function unpackArchive(file: string, dir: string): Promise<string[]> {
  const reader = new Reader(createReadStream(file).pipe(createGunzip())[Symbol.asyncIterator]());
  const names: string[] = [];
  let pax: Record<string, string> = {};
  try {
    for (;;) {
      const h = await reader.exactly(BLOCK);
      if (h.every((b) => b === 0)) break;
      const type = String.fromCharCode(h[156]);
      const field = (start: number, length: number) => h.subarray(start, start + length).toString('utf8').replace(/\0.*$/s, '');
      let size = parseInt(field(124, 12).trim() || '0', 8);
      if (pax.size) size = Number(pax.size);
      const name = pax.path ?? field(0, 100);
      if (type === 'x') {
        const body = (await reader.exactly(size)).toString('utf8');
        await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
        pax = {};
        for (const m of body.matchAll(/^\d+ ([^=]+)=(.*)$/gm)) pax[m[1]] = m[2];
        continue;
      }
      pax = {};
      if (type !== '0' && type !== '\0') throw new ArchiveFormatError(`unexpected entry type "${type}" for ${name}: not a Dossier backup`);
      if (!SAFE_NAME.test(name) || name.split('/').some((s) => s === '.' || s === '..')) throw new ArchiveFormatError(`refusing the archive entry "${name}"`);
      const target = path.join(dir, name);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const out = await open(target, 'w', 0o600);
      try {
        let left = size;
        while (left > 0) {
          const chunk = await reader.some(Math.min(left, 1 << 20));
          if (!chunk) throw new ArchiveFormatError('the archive ends in the middle of a file (cut short?)');
          await out.write(chunk);
          left -= chunk.length;
        }
      } finally {
        await out.close();
      }
      await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
      names.push(name);
    }
  } catch (e) {
    if (e instanceof ArchiveFormatError) throw e;
    throw new ArchiveFormatError(`${file} is not a readable backup archive: ${(e as Error).message}`);
  }
  return names;
}
