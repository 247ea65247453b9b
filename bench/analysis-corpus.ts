/**
 * The labelled corpus (mfe-documents/src/features/analysis/testing/labelled-corpus.ts) as files,
 * for the analysis benchmark (issue 15 §4).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { writePdf } from '../local-stack/src/content/pdf';
import { corpus, random, type LabelledDocument } from '../mfe-documents/src/tooling';

/* ---------------------------------------------------------------------------------------------
 * The corpus as files (issue 15 §4): every document as a text PDF and as rendered page images —
 * clean, noisy, low-contrast, rotated a few degrees, and a "phone photo" (the page smaller, tilted,
 * on a dark desk, unevenly lit, JPEG) — with a manifest of the truth. Rendered with sharp (SVG text,
 * DejaVu Sans), deterministic for a seed; written into bench/corpus/ (git-ignored) and reused.
 * ------------------------------------------------------------------------------------------- */

export const IMAGE_VARIANTS = ['clean', 'noisy', 'low-contrast', 'rotated', 'photo'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

export interface CorpusEntry extends LabelledDocument {
  id: string;
  /** Paths relative to the corpus folder. */
  pdf: string;
  images: Record<ImageVariant, string>;
  /** The true tilt of the rotated and photo variants, degrees clockwise. */
  rotation: number;
  photoRotation: number;
}

export interface CorpusManifest {
  version: number;
  seed: number;
  perCategory: number;
  documents: CorpusEntry[];
}

const CORPUS_VERSION = 1;
/** A4 at 150 dpi. */
const PAGE = { width: 1240, height: 1754 };

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function pageSvg(text: string): string {
  const lines = text.split('\n').map((line, i) => `<text x="90" y="${140 + i * 48}">${xml(line)}</text>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAGE.width}" height="${PAGE.height}"><rect width="100%" height="100%" fill="#fff"/><g font-family="DejaVu Sans" font-size="28" fill="#111">${lines.join('')}</g></svg>`;
}

type Raw = { data: Buffer; info: { width: number; height: number } };
const raw = (image: Sharp): Promise<Raw> => image.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
const fromRaw = ({ data, info }: Raw) => sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });

/** Roughly Gaussian noise (sum of uniforms) of deviation `sigma`, and a few dark specks. */
function addNoise(image: Raw, rnd: () => number, sigma: number, specks: number): Raw {
  const data = Buffer.from(image.data);
  for (let p = 0; p < data.length; p += 4) {
    const n = (rnd() + rnd() + rnd() - 1.5) * 2 * sigma;
    const speck = rnd() < specks ? -180 : 0;
    for (let c = 0; c < 3; c += 1) data[p + c] = Math.max(0, Math.min(255, data[p + c] + n + speck));
  }
  return { data, info: image.info };
}

/** Ink and paper pulled towards each other: paper about 200, ink about 130. */
function lowerContrast(image: Raw): Raw {
  const data = Buffer.from(image.data);
  for (let p = 0; p < data.length; p += 4) for (let c = 0; c < 3; c += 1) data[p + c] = 125 + (data[p + c] * 75) / 255;
  return { data, info: image.info };
}

async function phonePhoto(page: Sharp, rnd: () => number, angle: number): Promise<Raw> {
  const width = 1400;
  const height = 1800;
  const scale = 0.72 + rnd() * 0.06;
  const small = await page
    .clone()
    .resize(Math.round(PAGE.width * scale))
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  const left = Math.round((width - small.info.width) * (0.3 + rnd() * 0.4));
  const top = Math.round((height - small.info.height) * (0.3 + rnd() * 0.4));
  // A dark desk with a faint grain.
  const desk = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const grain = Math.sin(x / 9 + Math.sin(y / 70) * 3) * 6;
      const q = (y * width + x) * 4;
      desk[q] = 78 + grain;
      desk[q + 1] = 60 + grain;
      desk[q + 2] = 46 + grain;
      desk[q + 3] = 255;
    }
  }
  const composed = await raw(
    sharp(desk, { raw: { width, height, channels: 4 } }).composite([{ input: small.data, left, top }]),
  );
  // Uneven light: brighter towards one corner, a shadow across the other; sensor noise.
  const lx = rnd() * width;
  const ly = rnd() * height * 0.5;
  const data = composed.data;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const light = 1 - 0.25 * (Math.hypot(x - lx, y - ly) / Math.hypot(width, height));
      const q = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1) data[q + c] = Math.max(0, Math.min(255, data[q + c] * light));
    }
  }
  return addNoise(composed, rnd, 5, 0);
}

/**
 * Writes the corpus under `dir` (a sub-folder per generator version and seed) and returns its
 * manifest. Every document gets its PDF; page images are rendered for the documents `withImages`
 * picks (each document from its own seed, so a subset renders exactly as in the full set) and kept
 * for the next run. All 200 as images is ~1 GB of noisy PNGs: BENCH_CORPUS_IMAGES=all asks for it.
 */
export async function writeCorpus(
  dir: string,
  withImages: (index: number) => boolean,
  perCategory = 10,
  seed = 15,
): Promise<{ folder: string; manifest: CorpusManifest; rendered: number }> {
  const folder = path.join(dir, `v${CORPUS_VERSION}-seed${seed}`);
  for (const sub of ['pdf', ...IMAGE_VARIANTS]) mkdirSync(path.join(folder, sub), { recursive: true });
  const documents: CorpusEntry[] = [];
  let rendered = 0;
  for (const [index, doc] of corpus(perCategory, seed).entries()) {
    const rnd = random(seed * 7919 + index);
    const tilt = (min: number, max: number) => Math.round((rnd() < 0.5 ? -1 : 1) * (min + rnd() * (max - min)) * 10) / 10;
    const id = `${String(index + 1).padStart(3, '0')}-${doc.category.toLowerCase().replace(/[^a-z]+/g, '-')}`;
    const rotation = tilt(2, 6);
    const photoRotation = tilt(2, 8);
    const images = Object.fromEntries(IMAGE_VARIANTS.map((v) => [v, `${v}/${id}.${v === 'photo' ? 'jpg' : 'png'}`])) as Record<ImageVariant, string>;
    documents.push({ ...doc, id, pdf: `pdf/${id}.pdf`, images, rotation, photoRotation });
    writeFileSync(path.join(folder, 'pdf', `${id}.pdf`), writePdf(doc.text.split('\n')));
    if (!withImages(index)) continue;
    rendered += 1;
    if (Object.values(images).every((f) => existsSync(path.join(folder, f)))) continue;
    const clean = await raw(sharp(Buffer.from(pageSvg(doc.text))));
    // Scans are grey: one channel keeps the files a third of the size.
    const png = (image: Sharp, file: string) => image.toColourspace('b-w').png({ compressionLevel: 6 }).toFile(path.join(folder, file));
    await png(fromRaw(clean), images.clean);
    await png(fromRaw(addNoise(clean, rnd, 22, 0.002)), images.noisy);
    await png(fromRaw(addNoise(lowerContrast(clean), rnd, 6, 0)), images['low-contrast']);
    await png(fromRaw(clean).rotate(rotation, { background: '#ffffff' }), images.rotated);
    await fromRaw(await phonePhoto(fromRaw(clean), rnd, photoRotation)).blur(0.6).jpeg({ quality: 85 }).toFile(path.join(folder, images.photo));
  }
  const manifest: CorpusManifest = { version: CORPUS_VERSION, seed, perCategory, documents };
  writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  return { folder, manifest, rendered };
}
