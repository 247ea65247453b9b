/**
 * Draws Dossier's app icons (a white document with a folded corner on the brand blue) and writes
 * them as PNGs into shell/public/icons. Run once when the design changes:
 *   npx tsx shell/src/features/pwa/make-icons.ts
 * Pure Node (zlib + CRC-32): no image library needed for flat shapes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
const BLUE: Rgba = [29, 78, 216, 255];
const WHITE: Rgba = [255, 255, 255, 255];
const FOLD: Rgba = [191, 219, 254, 255];
const LINE: Rgba = [147, 197, 253, 255];
const CLEAR: Rgba = [0, 0, 0, 0];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // no filter
    for (let x = 0; x < size; x += 1) raw.set(pixel(x, y), row + 1 + x * 4);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * `safe` is the share of the icon the drawing may use: maskable icons keep everything inside the
 * central 80 % circle, so the platform can crop them to any shape.
 */
function icon(size: number, { rounded, safe }: { rounded: boolean; safe: number }): Buffer {
  const s = size;
  const radius = rounded ? s * 0.18 : 0;
  const docW = s * 0.46 * safe;
  const docH = s * 0.6 * safe;
  const left = (s - docW) / 2;
  const top = (s - docH) / 2;
  const fold = docW * 0.3;
  return png(size, (x, y) => {
    const px = x + 0.5;
    const py = y + 0.5;
    if (radius > 0) {
      const cx = Math.min(Math.max(px, radius), s - radius);
      const cy = Math.min(Math.max(py, radius), s - radius);
      if ((px - cx) ** 2 + (py - cy) ** 2 > radius ** 2) return CLEAR;
    }
    const dx = px - left;
    const dy = py - top;
    if (dx < 0 || dy < 0 || dx > docW || dy > docH) return BLUE;
    // The folded top-right corner.
    if (dx > docW - fold && dy < fold) return dx - (docW - fold) > dy ? BLUE : FOLD;
    // Three text lines.
    for (let line = 0; line < 3; line += 1) {
      const lineTop = docH * (0.42 + line * 0.16);
      const lineWidth = line === 2 ? 0.45 : 0.7;
      if (dy > lineTop && dy < lineTop + docH * 0.06 && dx > docW * 0.15 && dx < docW * (0.15 + lineWidth)) return LINE;
    }
    return WHITE;
  });
}

const out = join(process.cwd(), 'shell/public/icons');
const icons: Array<[string, Buffer]> = [
  ['icon-192.png', icon(192, { rounded: true, safe: 1 })],
  ['icon-512.png', icon(512, { rounded: true, safe: 1 })],
  ['icon-maskable-192.png', icon(192, { rounded: false, safe: 0.8 })],
  ['icon-maskable-512.png', icon(512, { rounded: false, safe: 0.8 })],
  // iOS draws its own rounded corners and shows transparency as black: full bleed.
  ['apple-touch-icon-180.png', icon(180, { rounded: false, safe: 1 })],
  ['favicon-32.png', icon(32, { rounded: true, safe: 1.2 })],
];
for (const [name, data] of icons) writeFileSync(join(out, name), data);
console.log(`wrote ${icons.length} icons to ${out}`);
