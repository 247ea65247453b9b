/**
 * `npm run bench:analysis` (issue 15 §4): figures of the analysis on the generated labelled corpus
 * (bench/analysis-corpus.ts: 200 documents, 20 categories, as text PDFs and page images in bench/corpus/,
 * git-ignored). Prints; asserts nothing (docs/architecture.md "Testing").
 *   - the text PDFs' text layer read back with pdf.js (what the app does before any OCR)
 *   - category accuracy top-1 / top-3 of every classifier in bench/analysis-classifiers.ts
 *   - expiry-date precision and recall on the true texts, the PDFs' text layers and the OCR output
 *   - OCR in Chromium with the app's own tesseract files (the same node_modules files the build
 *     copies, mfe-documents/ocr-assets.cjs): character accuracy (1 − CER) and seconds per page on
 *     clean, noisy, low-contrast, rotated and phone-photo images, each without and with the
 *     deskew/crop step (image-preprocessing.ts, applied only where its plan changes the image)
 * BENCH_OCR_PAGES (default 20, one per category first) pages per kind; BENCH_CORPUS_IMAGES=all
 * renders images of all 200 documents (~700 MB) instead of only the OCR sample.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { chromium } from '@playwright/test';
import { applyPlan, findKeyDates, planChangesImage, planPreprocessing, splitFiled, type LabelledDocument, type RgbaImage } from '../mfe-documents/src/tooling';
import { IMAGE_VARIANTS, writeCorpus, type CorpusEntry, type ImageVariant } from '../bench/analysis-corpus';
import { CLASSIFIERS } from '../bench/analysis-classifiers';
import { suggestionPrecision } from '../bench/analysis-suggestions';

const root = path.resolve(__dirname, '..');
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
const load = () => loadavg().map((n) => n.toFixed(1)).join(' / ');

function classifiers(docs: readonly LabelledDocument[]) {
  if (!CLASSIFIERS.some((c) => c.examplesPerCategory > 0)) {
    console.log('Category after the person filed 5 per category: not measured (no per-person classifier in bench/analysis-classifiers.ts)');
  }
  for (const classifier of CLASSIFIERS) {
    const n = classifier.examplesPerCategory;
    const { filed, rest: test } = splitFiled(docs, n);
    const rank = classifier.train(filed);
    let top1 = 0;
    let top3 = 0;
    for (const d of test) {
      const ranked = rank(d.text);
      if (ranked[0] === d.category) top1 += 1;
      if (ranked.slice(0, 3).includes(d.category)) top3 += 1;
    }
    console.log(`Category, ${classifier.name} (${n} filed per category, ${test.length} scored): top-1 ${pct(top1 / test.length)}, top-3 ${pct(top3 / test.length)}`);
  }
}

/** Expiry dates found in `texts[i]` against the truth of `docs[i]`. */
function expiry(label: string, docs: readonly LabelledDocument[], texts: readonly string[]) {
  let found = 0;
  let correct = 0;
  let truth = 0;
  docs.forEach((d, i) => {
    const date = findKeyDates(texts[i]).expires_on;
    if (d.expiresOn) truth += 1;
    if (date) {
      found += 1;
      if (date.date === d.expiresOn) correct += 1;
    }
  });
  console.log(`Expiry dates, ${label}: precision ${pct(found ? correct / found : 0)} (${correct}/${found}), recall ${pct(truth ? correct / truth : 0)} (${correct}/${truth})`);
}

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

async function pdfTextLayers(folder: string, docs: readonly CorpusEntry[]): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const texts: string[] = [];
  for (const d of docs) {
    const task = pdfjs.getDocument({ data: new Uint8Array(readFileSync(path.join(folder, d.pdf))), verbosity: 0 });
    const pdf = await task.promise;
    const page = await pdf.getPage(1);
    const content = await page.getTextContent();
    // The app joins items with spaces; lines are separate items, so keep them as lines here.
    texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join('').trim());
    await task.destroy();
  }
  const exact = texts.filter((t, i) => normalise(t) === normalise(docs[i].text)).length;
  console.log(`Text PDFs: ${docs.length}, text layer read back exactly by pdf.js: ${exact}/${docs.length}`);
  return texts;
}

function levenshtein(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const next = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = next;
    }
  }
  return row[b.length];
}

const accuracy = (texts: readonly string[], truths: readonly string[]) => {
  let errors = 0;
  let chars = 0;
  texts.forEach((t, i) => {
    const truth = normalise(truths[i]);
    errors += Math.min(truth.length, levenshtein(normalise(t), truth));
    chars += truth.length;
  });
  return 1 - errors / chars;
};

async function readRgba(file: string): Promise<RgbaImage> {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}

interface Job {
  doc: CorpusEntry;
  variant: ImageVariant;
  url: string;
  preprocessedUrl: string | null;
  skew: number;
  trueSkew: number;
  cropped: boolean;
  planMs: number;
}

async function ocr(folder: string, sample: CorpusEntry[]) {
  // Serve the OCR files from where the build copies them from, and the corpus.
  const requireCjs = createRequire(__filename);
  const { ocrAssetDirs, ocrAssetPatterns } = requireCjs('../mfe-documents/ocr-assets.cjs') as {
    ocrAssetDirs(root: string): { worker: string; core: string; lang: string };
    ocrAssetPatterns(root: string): Array<{ from: string; to: string }>;
  };
  const files = new Map<string, string>(ocrAssetPatterns(root).map((p) => [`/${p.to}`, p.from]));
  files.set('/tesseract.min.js', path.join(root, 'node_modules/tesseract.js/dist/tesseract.min.js'));
  const dirs = ocrAssetDirs(root);

  // Plan (and where it changes the image, apply) the deskew/crop step for every sample image.
  const preprocessed = path.join(folder, 'preprocessed');
  const jobs: Job[] = [];
  for (const variant of IMAGE_VARIANTS) mkdirSync(path.join(preprocessed, variant), { recursive: true });
  for (const variant of IMAGE_VARIANTS) {
    for (const doc of sample) {
      const image = await readRgba(path.join(folder, doc.images[variant]));
      const started = performance.now();
      const plan = planPreprocessing(image);
      const changed = planChangesImage(plan);
      const out = changed ? applyPlan(image, plan) : null;
      const planMs = performance.now() - started;
      let preprocessedUrl: string | null = null;
      if (out) {
        const file = `preprocessed/${variant}/${doc.id}.png`;
        await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 4 } }).toColourspace('b-w').png().toFile(path.join(folder, file));
        preprocessedUrl = `/corpus/${file}`;
      }
      const trueSkew = variant === 'rotated' ? doc.rotation : variant === 'photo' ? doc.photoRotation : 0;
      jobs.push({ doc, variant, url: `/corpus/${doc.images[variant]}`, preprocessedUrl, skew: plan.skew, trueSkew, cropped: plan.crop !== null, planMs });
    }
  }

  const server = createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    if (url === '/') {
      res.setHeader('Content-Type', 'text/html');
      return res.end('<!doctype html><script src="/tesseract.min.js"></script>');
    }
    const file = url.startsWith('/corpus/') ? path.join(folder, url.slice(8)) : files.get(url);
    if (!file || !path.resolve(file).startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(base);
    await page.evaluate(
      async ({ base, dirs }) => {
        const T = (window as unknown as { Tesseract: typeof import('tesseract.js') }).Tesseract;
        const worker = await T.createWorker('eng', T.OEM.LSTM_ONLY, {
          workerPath: `${base}/${dirs.worker}/worker.min.js`,
          corePath: `${base}/${dirs.core}/`,
          langPath: `${base}/${dirs.lang}`,
          workerBlobURL: true,
        });
        (window as unknown as { ocrWorker: typeof worker }).ocrWorker = worker;
      },
      { base, dirs },
    );
    const read = (url: string) =>
      page.evaluate(async (url) => {
        const worker = (window as unknown as { ocrWorker: import('tesseract.js').Worker }).ocrWorker;
        const image = await (await fetch(url)).blob();
        const started = performance.now();
        const result = await worker.recognize(image);
        return { text: result.data.text, ms: performance.now() - started };
      }, url);
    await read(jobs[0].url); // warm-up: language data loaded, engine initialised
    const loadBefore = load();
    const started = Date.now();
    const results: Array<Job & { raw: string; rawMs: number; pre: string; preMs: number | null }> = [];
    for (const job of jobs) {
      const raw = await read(job.url);
      const pre = job.preprocessedUrl ? await read(job.preprocessedUrl) : null;
      results.push({ ...job, raw: raw.text, rawMs: raw.ms, pre: pre ? pre.text : raw.text, preMs: pre ? pre.ms : null });
    }
    console.log(`OCR (${sample.length} pages per kind, A4 at 150 dpi, tesseract.js LSTM in Chromium; load average before ${loadBefore}, after ${load()}, ${((Date.now() - started) / 1000).toFixed(0)} s):`);
    for (const variant of IMAGE_VARIANTS) {
      const rows = results.filter((r) => r.variant === variant);
      const truths = rows.map((r) => r.doc.text);
      const changed = rows.filter((r) => r.preprocessedUrl);
      const seconds = rows.reduce((s, r) => s + r.rawMs, 0) / rows.length / 1000;
      const planMs = rows.reduce((s, r) => s + r.planMs, 0) / rows.length;
      const skewError = rows.reduce((s, r) => s + Math.abs(r.skew - r.trueSkew), 0) / rows.length;
      const onChanged = changed.length
        ? `; on those ${changed.length}: ${pct(accuracy(changed.map((r) => r.raw), changed.map((r) => r.doc.text)))} → ${pct(accuracy(changed.map((r) => r.pre), changed.map((r) => r.doc.text)))}`
        : '';
      console.log(
        `  ${variant.padEnd(12)} character accuracy ${pct(accuracy(rows.map((r) => r.raw), truths))} as is, ${pct(accuracy(rows.map((r) => r.pre), truths))} with deskew/crop ` +
          `(changed ${changed.length}/${rows.length}, cropped ${rows.filter((r) => r.cropped).length}${onChanged}); ` +
          `${seconds.toFixed(2)} s per page; plan+apply ${planMs.toFixed(0)} ms; mean |skew error| ${skewError.toFixed(2)}°`,
      );
    }
    for (const variant of IMAGE_VARIANTS) {
      const rows = results.filter((r) => r.variant === variant);
      expiry(`OCR of ${variant} images with deskew/crop (${rows.length})`, rows.map((r) => r.doc), rows.map((r) => r.pre));
    }
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  console.log(`bench:analysis ${new Date().toISOString()}, ${cpus().length} cores, load average ${load()}`);
  const pages = Number(process.env.BENCH_OCR_PAGES ?? 20);
  const all = process.env.BENCH_CORPUS_IMAGES === 'all';
  // One page per category first, so the sample covers all 20 (the corpus has 10 per category, in order).
  const sampleIndex = Array.from({ length: Math.min(pages, 200) }, (_, i) => (i % 20) * 10 + Math.floor(i / 20));
  const started = Date.now();
  const { folder, manifest, rendered } = await writeCorpus(path.join(root, 'bench/corpus'), (i) => all || sampleIndex.includes(i));
  const docs = manifest.documents;
  console.log(
    `Corpus: ${docs.length} documents, ${new Set(docs.map((d) => d.category)).size} categories, ${docs.filter((d) => d.expiresOn).length} with an expiry date; ` +
      `${docs.length} text PDFs and ${rendered} documents × ${IMAGE_VARIANTS.length} images (${IMAGE_VARIANTS.join(', ')}) in ${path.relative(root, folder)} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  const layers = await pdfTextLayers(folder, docs);
  classifiers(docs);
  suggestionPrecision(docs);
  expiry('true texts', docs, docs.map((d) => d.text));
  expiry('text layers of the PDFs', docs, layers);
  if (pages > 0) await ocr(folder, sampleIndex.map((i) => docs[i]));
}

void main();
