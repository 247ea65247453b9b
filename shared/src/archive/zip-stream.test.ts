/**
 * @jest-environment node
 */
import { strToU8, unzipSync, zipSync } from 'fflate';
import { uniqueEntryName, ZipWriter } from './zip-writer';
import { ZipReader } from './zip-reader';

async function written(build: (zip: ZipWriter) => Promise<void>): Promise<{ bytes: Uint8Array; writes: number }> {
  const chunks: Uint8Array[] = [];
  const zip = new ZipWriter({ write: async (c) => void chunks.push(c.slice()) });
  await build(zip);
  await zip.end();
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return { bytes, writes: chunks.length };
}

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const p of parts) controller.enqueue(strToU8(p));
      controller.close();
    },
  });

describe('the streaming zip writer and the random-access reader', () => {
  it('writes bytes, streams, Blobs and Responses that any unzip reads back, chunk by chunk', async () => {
    const seen: number[] = [];
    const { bytes, writes } = await written(async (zip) => {
      await zip.add('a.txt', strToU8('alpha'), { mtime: '2025-01-02T03:04:05Z' });
      await zip.add('Folder/b.txt', streamOf('be', 'ta'), { onBytes: (n) => seen.push(n) });
      await zip.add('c.txt', new Blob(['gamma']));
      await zip.add('d.txt', new Response('delta'));
      await zip.add('empty.txt', new Uint8Array(0));
    });
    expect(writes).toBeGreaterThan(5);
    expect(seen).toEqual([2, 4]);
    const files = unzipSync(bytes);
    expect(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new TextDecoder().decode(v)]))).toEqual({
      'a.txt': 'alpha',
      'Folder/b.txt': 'beta',
      'c.txt': 'gamma',
      'd.txt': 'delta',
      'empty.txt': '',
    });
    const reader = await ZipReader.open(new Blob([bytes as BlobPart]));
    expect([...reader.entries.keys()]).toEqual(['a.txt', 'Folder/b.txt', 'c.txt', 'd.txt', 'empty.txt']);
    expect(new TextDecoder().decode(await reader.read('Folder/b.txt'))).toBe('beta');
    expect(await reader.read('empty.txt')).toEqual(new Uint8Array(0));
  });

  it('stops when the sink fails and passes the error on', async () => {
    const zip = new ZipWriter({
      write: () => {
        throw new Error('disk full');
      },
    });
    await expect(zip.add('a.txt', strToU8('alpha'))).rejects.toThrow('disk full');
  });

  it('writes past 4 GiB with ZIP64 records, holding only a chunk at a time (an export has no size ceiling)', async () => {
    const GiB = 1024 ** 3;
    const chunk = new Uint8Array(16 * 1024 * 1024);
    const total = 4 * GiB + chunk.length; // one entry just past what 32-bit zip fields can say
    let tail = new Uint8Array(0);
    let largestWrite = 0;
    const zip = new ZipWriter({
      write: (c) => {
        largestWrite = Math.max(largestWrite, c.length);
        // Keep only the last 64 KiB: the central directory and the end records live there.
        const joined = new Uint8Array(tail.length + c.length);
        joined.set(tail);
        joined.set(c, tail.length);
        tail = joined.slice(Math.max(0, joined.length - 65_536));
      },
    });
    let sent = 0;
    await zip.add('Everything/big.bin', new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    }));
    await zip.add('after.txt', strToU8('still readable'));
    await zip.end();

    expect(zip.written).toBeGreaterThan(total);
    expect(largestWrite).toBeLessThanOrEqual(chunk.length);
    const view = new DataView(tail.buffer, tail.byteOffset, tail.byteLength);
    const find = (signature: number, from = 0) => {
      for (let at = from; at + 4 <= tail.length; at += 1) if (view.getUint32(at, true) === signature) return at;
      return -1;
    };
    // The ZIP64 end record and its locator precede the classic end record.
    const end64 = find(0x06064b50);
    expect(end64).toBeGreaterThanOrEqual(0);
    expect(find(0x07064b50)).toBeGreaterThan(end64);
    expect(Number(view.getBigUint64(end64 + 32, true))).toBe(2); // entries in the archive
    // The big entry's central header says "see ZIP64" and its extra field carries the real size.
    const central = find(0x02014b50); // the first central header: the big entry's
    expect(central).toBeGreaterThanOrEqual(0);
    expect(view.getUint32(central + 24, true)).toBe(0xffffffff);
    const nameLength = view.getUint16(central + 28, true);
    expect(new TextDecoder().decode(tail.subarray(central + 46, central + 46 + nameLength))).toBe('Everything/big.bin');
    const extra = central + 46 + nameLength;
    expect(view.getUint16(extra, true)).toBe(0x0001);
    expect(Number(view.getBigUint64(extra + 4, true))).toBe(total);
  }, 120_000);

  it('reads deflated entries and UTF-8 names written by another zip tool, one entry at a time', async () => {
    const big = 'Kontoauszug '.repeat(200_000);
    const bytes = zipSync({ 'Steuer/Überweisung.txt': strToU8(big), 'x.bin': [new Uint8Array([1, 2, 3]), { level: 0 }] }, { level: 6 });
    const reader = await ZipReader.open(new Blob([bytes as BlobPart]));
    expect(reader.entries.get('Steuer/Überweisung.txt')).toMatchObject({ method: 8, size: big.length });
    expect(new TextDecoder().decode(await reader.read('Steuer/Überweisung.txt'))).toBe(big);
    expect([...(await reader.read('x.bin'))]).toEqual([1, 2, 3]);
    expect(() => reader.stream('missing.txt')).toThrow('The zip has no missing.txt.');
  });

  it('refuses what is not a zip', async () => {
    await expect(ZipReader.open(new Blob(['just text, no zip here']))).rejects.toThrow('not a zip archive');
  });

  it('names clashing entries like SPEC §5: " (1)" before the extension, case-insensitively', () => {
    const taken = new Set<string>();
    expect(['scan.pdf', 'Scan.pdf', 'scan.pdf', 'README'].map((n) => uniqueEntryName(n, taken))).toEqual(['scan.pdf', 'Scan (1).pdf', 'scan (2).pdf', 'README']);
    expect(uniqueEntryName('README', taken)).toBe('README (1)');
  });
});
