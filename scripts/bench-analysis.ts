/**
 * `npm run bench:analysis` (issue 15 §4): figures of the analysis on a generated labelled corpus
 * (bench/analysis-corpus.ts). Prints; asserts nothing (ARCHITECTURE.md "Testing").
 *   - category accuracy top-1 / top-3 of the cold-start rules (200 documents, 20 categories)
 *   - expiry-date precision and recall
 *   - OCR in Chromium with the app's own tesseract files (dist/mfe-documents/ocr, from `nx build
 *     mfe-documents`): character accuracy (1 − CER) and seconds per page, on clean renders and on
 *     renders with noise, a 2° rotation and low contrast. BENCH_OCR_PAGES (default 20) per kind.
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { scoreCategories } from '../mfe-documents/src/features/analysis/category-rules';
import { findKeyDates } from '../mfe-documents/src/features/analysis/key-dates';
import { corpus } from '../bench/analysis-corpus';

const root = path.resolve(__dirname, '..');
const pct = (n: number) => `${(n * 100).toFixed(1)} %`;

function rulesAndDates() {
  const docs = corpus(10);
  let top1 = 0;
  let top3 = 0;
  let found = 0;
  let correct = 0;
  let truth = 0;
  for (const d of docs) {
    const ranked = scoreCategories(d.text).map((s) => s.name);
    const guess = ranked.length ? ranked : ['Miscellaneous'];
    if (guess[0] === d.category) top1 += 1;
    if (guess.slice(0, 3).includes(d.category)) top3 += 1;
    const expiry = findKeyDates(d.text).expires_on;
    if (d.expiresOn) truth += 1;
    if (expiry) {
      found += 1;
      if (expiry.date === d.expiresOn) correct += 1;
    }
  }
  console.log(`Corpus: ${docs.length} documents, ${new Set(docs.map((d) => d.category)).size} categories`);
  console.log(`Category (cold-start rules): top-1 ${pct(top1 / docs.length)}, top-3 ${pct(top3 / docs.length)}`);
  console.log('Category after 5 filed per category: not measured (the per-person classifier is not built yet)');
  console.log(`Expiry dates: precision ${pct(found ? correct / found : 0)} (${correct}/${found}), recall ${pct(truth ? correct / truth : 0)} (${correct}/${truth})`);
  return docs;
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

const normalise = (s: string) => s.replace(/\s+/g, ' ').trim();

async function ocr(texts: string[]) {
  const ocrDir = path.join(root, 'dist/mfe-documents/ocr');
  if (!existsSync(ocrDir)) {
    console.log('OCR: not measured — build mfe-documents first (npx nx build mfe-documents)');
    return;
  }
  const files: Record<string, string> = { '/tesseract.min.js': path.join(root, 'node_modules/tesseract.js/dist/tesseract.min.js') };
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    const file = url.startsWith('/ocr/') ? path.join(ocrDir, url.slice(5)) : files[url];
    if (url === '/') {
      res.setHeader('Content-Type', 'text/html');
      return res.end('<!doctype html><script src="/tesseract.min.js"></script>');
    }
    if (!file || !file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
    res.end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const dirs = { worker: '', core: '', lang: '' };
  for (const entry of ['tesseract.js-', 'tesseract.js-core-', 'lang-']) {
    const name = require('node:fs').readdirSync(ocrDir).find((d: string) => d.startsWith(entry) && !(entry === 'tesseract.js-' && d.startsWith('tesseract.js-core')));
    if (entry === 'tesseract.js-') dirs.worker = name;
    else if (entry === 'tesseract.js-core-') dirs.core = name;
    else dirs.lang = name;
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript('window.__name = (f) => f');
    await page.goto(base);
    const results = await page.evaluate(
      async ({ texts, base, dirs }) => {
        const T = (window as unknown as { Tesseract: typeof import('tesseract.js') }).Tesseract;
        const worker = await T.createWorker('eng', 1, {
          workerPath: `${base}/ocr/${dirs.worker}/worker.min.js`,
          corePath: `${base}/ocr/${dirs.core}/`,
          langPath: `${base}/ocr/${dirs.lang}`,
          workerBlobURL: true,
        });
        const render = async (text: string, noisy: boolean) => {
          const canvas = document.createElement('canvas');
          canvas.width = 1240;
          canvas.height = 1754; // A4 at 150 dpi
          const ctx = canvas.getContext('2d')!;
          ctx.fillStyle = noisy ? '#d4d4d4' : '#fff';
          ctx.fillRect(0, 0, canvas.width, canvas.height);
          if (noisy) {
            ctx.translate(canvas.width / 2, canvas.height / 2);
            ctx.rotate((2 * Math.PI) / 180);
            ctx.translate(-canvas.width / 2, -canvas.height / 2);
          }
          ctx.fillStyle = noisy ? '#444' : '#111';
          ctx.font = '28px "DejaVu Sans", Arial, sans-serif';
          text.split('\n').forEach((line, i) => ctx.fillText(line, 90, 140 + i * 48));
          if (noisy) {
            ctx.setTransform(1, 0, 0, 1, 0, 0);
            const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
            let seed = 7;
            for (let p = 0; p < img.data.length; p += 4) {
              seed = (seed * 1103515245 + 12345) & 0x7fffffff;
              const n = (seed % 41) - 20;
              for (let c = 0; c < 3; c += 1) img.data[p + c] = Math.max(0, Math.min(255, img.data[p + c] + n));
            }
            ctx.putImageData(img, 0, 0);
          }
          return new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        };
        const out: Array<{ noisy: boolean; text: string; ms: number }> = [];
        await worker.recognize(await render('warm up', false));
        for (const noisy of [false, true]) {
          for (const text of texts) {
            const image = await render(text, noisy);
            const started = performance.now();
            const result = await worker.recognize(image);
            out.push({ noisy, text: result.data.text, ms: performance.now() - started });
          }
        }
        await worker.terminate();
        return out;
      },
      { texts, base, dirs },
    );
    for (const noisy of [false, true]) {
      const rows = results.filter((r) => r.noisy === noisy);
      let errors = 0;
      let chars = 0;
      rows.forEach((r, i) => {
        const truth = normalise(texts[i]);
        errors += levenshtein(normalise(r.text), truth);
        chars += truth.length;
      });
      const seconds = rows.reduce((s, r) => s + r.ms, 0) / rows.length / 1000;
      console.log(`OCR ${noisy ? 'noisy, rotated 2°, low contrast' : 'clean'}: character accuracy ${pct(1 - errors / chars)}, ${seconds.toFixed(2)} s per page (${rows.length} pages, A4 at 150 dpi)`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  const docs = rulesAndDates();
  const pages = Number(process.env.BENCH_OCR_PAGES ?? 20);
  // One page per category first, so the sample covers all 20.
  const sample = Array.from({ length: pages }, (_, i) => docs[(i % 20) * 10 + Math.floor(i / 20)].text);
  await ocr(sample);
}

void main();
