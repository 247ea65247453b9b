/**
 * A generated, labelled corpus for the analysis benchmark (issue 15 §4): for each of the 20 master
 * categories, documents built from phrases such papers carry, with random names, numbers, an issue
 * and (for most) an expiry date printed in several forms. Deterministic (seeded), so figures compare.
 * Caveat: the phrases are written by the same hands as the rules, so rule accuracy here is an upper
 * bound, not a field measurement.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { makePdf } from '../e2e/fixtures/documents/make-files';

export interface LabelledDocument {
  category: string;
  text: string;
  issuedOn: string;
  expiresOn: string | null;
}

const PHRASES: Record<string, string[]> = {
  'Personal ID': ['PASSPORT', 'Surname', 'Given names', 'Nationality', 'Date of birth', 'Place of birth', 'DRIVING LICENCE'],
  'Medical Records': ['Patient', 'Diagnosis', 'Prescription', 'Clinic', 'Referral', 'Allergies', 'Blood test results'],
  Insurance: ['Policy number', 'Premium', 'Policyholder', 'Insured', 'Cover', 'Excess', 'Home insurance schedule'],
  Education: ['Diploma', 'University', 'Transcript', 'Degree awarded', 'Student number', 'Grade'],
  Banking: ['Bank statement', 'Sort code', 'Account number', 'IBAN', 'Balance brought forward', 'Direct debit'],
  Investments: ['Portfolio valuation', 'ISA', 'Dividend', 'Fund', 'Holdings', 'Shares'],
  'Tax Documents': ['P60', 'Tax year', 'HMRC', 'Tax code', 'National Insurance', 'Self Assessment'],
  'Credit Reports': ['Credit report', 'Credit score', 'Experian', 'Credit history', 'Searches'],
  'Real Estate': ['Tenancy agreement', 'Landlord', 'Tenant', 'Deposit protection', 'Property', 'Mortgage'],
  'Vehicle Records': ['MOT test certificate', 'Vehicle registration', 'Odometer', 'Make and model', 'VIN', 'V5C'],
  Warranties: ['Warranty', 'Serial number', 'Model number', 'Proof of purchase', 'Manufacturer', 'Guarantee'],
  'Legal Documents': ['Power of attorney', 'Court', 'Solicitor', 'Witness', 'Hereby', 'Affidavit'],
  'Estate Planning': ['Last will', 'Testament', 'Executor', 'Beneficiary', 'Probate', 'Trustee'],
  'Business Records': ['Company number', 'VAT registration', 'Companies House', 'Ltd', 'Purchase order'],
  Employment: ['Payslip', 'Employer', 'Gross pay', 'Net pay', 'Employee', 'Salary'],
  Utilities: ['Meter reading', 'Electricity', 'Gas', 'kWh', 'Tariff', 'Supply address'],
  Subscriptions: ['Subscription', 'Membership', 'Monthly plan', 'Renews', 'Billing cycle', 'Streaming'],
  Travel: ['Boarding pass', 'Itinerary', 'Flight', 'Booking reference', 'Departure', 'Gate'],
  Receipts: ['Receipt', 'Subtotal', 'Total', 'VAT', 'Card ending', 'Qty'],
  Miscellaneous: ['Notes', 'Reference', 'Page', 'Dear customer', 'Kind regards'],
};

export const CATEGORIES = Object.keys(PHRASES);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const LABELS = ['Date of expiry', 'Expiry date', 'Valid until', 'Expires', 'Renewal date', 'Due date'];
const NAMES = ['Smith', 'Okafor', 'Nguyen', 'García', 'Kowalski', 'Patel', 'Dubois', 'Müller'];

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

function printed(date: Date, style: number): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = date.getUTCFullYear();
  if (style === 0) return `${dd} ${MONTHS[date.getUTCMonth()]} ${yyyy}`;
  if (style === 1) return `${dd}/${mm}/${yyyy}`;
  if (style === 2) return `${dd}.${mm}.${yyyy}`;
  return `${date.getUTCDate()} ${date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${yyyy}`;
}

export function corpus(perCategory = 10, seed = 15): LabelledDocument[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const docs: LabelledDocument[] = [];
  for (const category of CATEGORIES) {
    for (let i = 0; i < perCategory; i += 1) {
      const phrases = [...PHRASES[category]].sort(() => rnd() - 0.5).slice(0, 3 + Math.floor(rnd() * 3));
      const issued = new Date(Date.UTC(2018 + Math.floor(rnd() * 7), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)));
      const expires = rnd() < 0.8 ? new Date(issued.getTime() + (365 + Math.floor(rnd() * 3650)) * 86_400_000) : null;
      const lines = [
        ...phrases.map((p) => `${p}: ${pick(NAMES)} ${Math.floor(rnd() * 1e6)}`),
        `Date of issue: ${printed(issued, Math.floor(rnd() * 4))}`,
        ...(expires ? [`${pick(LABELS)}: ${printed(expires, Math.floor(rnd() * 4))}`] : []),
        `Date of birth: ${printed(new Date(Date.UTC(1960 + Math.floor(rnd() * 40), 3, 12)), 0)}`,
      ].sort(() => rnd() - 0.5);
      docs.push({ category, text: lines.join('\n'), issuedOn: iso(issued), expiresOn: expires ? iso(expires) : null });
    }
  }
  return docs;
}

/** The person's filing: the first `perCategory` documents of each category are filed, the rest are scored. */
export function splitFiled<T extends { category: string }>(docs: readonly T[], perCategory: number): { filed: T[]; rest: T[] } {
  const seen = new Map<string, number>();
  const filed: T[] = [];
  const rest: T[] = [];
  for (const d of docs) {
    const k = seen.get(d.category) ?? 0;
    seen.set(d.category, k + 1);
    (k < perCategory ? filed : rest).push(d);
  }
  return { filed, rest };
}

/**
 * Papers that belong to none of the 20 categories (issue 21 §6): a software manual, a household
 * budget, a recipe… Each carries words the rules or a person's filing also know ("Total",
 * "Electricity", "Version 4.1", "Reference"), as real ones do. A suggestion for any category but
 * Miscellaneous is wrong for them. Deterministic: `variants` copies of each, lines shuffled.
 */
const UNCATEGORISED: Array<[string, string[]]> = [
  ['software manual', ['User manual', 'Version 4.1', 'Installation', 'Press Enter to continue', 'Configure the settings', 'Total of 12 steps', 'Troubleshooting', 'Chapter 3']],
  ['household budget', ['Household budget', 'Groceries 320', 'Electricity 60', 'Gas 45', 'Water 30', 'Total 1 240', 'Savings goal']],
  ['recipe', ['Lemon drizzle cake', 'Ingredients', '200 g flour', '2 eggs', 'Bake at 180 degrees', 'Serves 8', 'Total time 1 hour']],
  ['meeting minutes', ['Minutes of the meeting', 'Attendees', 'Apologies', 'Action points', 'Next meeting', 'Agenda item 4']],
  ['letter to a friend', ['Dear Sam', 'It was lovely to see you', 'The garden is full of roses', 'Love', 'See you in the summer']],
  ['school timetable', ['Timetable', 'Monday', 'Maths', 'Art', 'Lunch break', 'Swimming on Friday']],
  ['packing list', ['Packing list', 'Sun cream', 'Chargers', 'Swimsuit', 'Books', 'Qty 2 towels']],
  ['knitting pattern', ['Knitting pattern', 'Cast on 40 stitches', 'Row 1 knit', 'Row 2 purl', 'Wool 4 ply', 'Needles 4 mm']],
  ['garden plan', ['Garden plan', 'Tomatoes by the fence', 'Water every evening', 'Compost', 'Seeds from the market']],
  ['product release notes', ['Release notes', 'Version 2.3.1', 'Fixed a crash on start', 'Reference 4.1 of the protocol', 'Known issues', 'Page 2']],
  ['parish newsletter', ['Parish newsletter', 'Summer fete', 'Cake stall', 'Volunteers needed', 'Kind regards', 'Page 1 of 2']],
  ['running log', ['Running log', 'Week 12', '5 km in 27 minutes', 'Long run Sunday', 'Total distance 32 km']],
];

export function uncategorised(variants = 2, seed = 21): string[] {
  const rnd = random(seed);
  const out: string[] = [];
  for (const [, lines] of UNCATEGORISED) for (let i = 0; i < variants; i += 1) out.push([...lines].sort(() => rnd() - 0.5).join('\n'));
  return out;
}

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
    writeFileSync(path.join(folder, 'pdf', `${id}.pdf`), makePdf(doc.text.split('\n')));
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
