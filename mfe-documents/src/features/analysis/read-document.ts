/**
 * Reads the text of a stored file on the device: an image is one page; a PDF's pages without a
 * text layer are rendered with pdf.js and read one by one (pages that have text keep it). Progress
 * is per page ("Reading page 2 of 5"); an abort stops between and inside pages.
 * Uses pdf.js and tesseract (import.meta / webpack globals): Jest never loads it unmocked.
 */
import { loadPdfJs } from '../../lib/pdf';
import type { ReadDocument } from './analysis-queue';
import { canReadWithOcr } from './ocr-support';
import { ocrEngine } from './ocr-engine';
import { PLAN_PIXELS, planChangesImage, planPreprocessing, scalePlan, smooth, stretchLevels } from './image-preprocessing';

/** Long side of a rendered page: about 300 dpi for A4, what tesseract reads best. */
const PAGE_PIXELS = 3000;
/** A scan's pages read at most (a 500-page scan is read up to here; the rest stays unsearchable). */
const MAX_PAGES = 50;

async function asPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('page could not be drawn'))), 'image/png'));
}

function canvasOf(width: number, height: number): [HTMLCanvasElement, CanvasRenderingContext2D] {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = Math.max(1, Math.round(height));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('page could not be drawn');
  return [canvas, context];
}

/**
 * A photo of a page cropped to the page and straightened, a faint scan given contrast
 * (image-preprocessing.ts, docs/decisions/0205) — or null when the page is best read as it is.
 * The plan is made on a copy of at most PLAN_PIXELS a side; the canvas carries it out at full size.
 */
async function preprocessed(source: CanvasImageSource, width: number, height: number): Promise<HTMLCanvasElement | null> {
  const factor = Math.max(1, Math.max(width, height) / PLAN_PIXELS);
  const [small, smallContext] = canvasOf(width / factor, height / factor);
  smallContext.imageSmoothingQuality = 'high';
  smallContext.drawImage(source, 0, 0, small.width, small.height);
  // Let the page paint before the planning (a few hundred milliseconds of script on a phone).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const pixels = smallContext.getImageData(0, 0, small.width, small.height);
  const plan = scalePlan(planPreprocessing({ width: pixels.width, height: pixels.height, data: pixels.data }), factor, { width, height });
  small.width = 0;
  if (!planChangesImage(plan)) return null;
  const crop = plan.crop ?? { x: 0, y: 0, width, height };
  let [canvas, context] = canvasOf(crop.width, crop.height);
  context.drawImage(source, -crop.x, -crop.y);
  if (plan.skew !== 0) {
    const [turned, turnedContext] = canvasOf(canvas.width, canvas.height);
    turnedContext.fillStyle = '#fff';
    turnedContext.fillRect(0, 0, turned.width, turned.height);
    turnedContext.translate(turned.width / 2, turned.height / 2);
    turnedContext.rotate((-plan.skew * Math.PI) / 180);
    turnedContext.drawImage(canvas, -canvas.width / 2, -canvas.height / 2);
    canvas.width = 0;
    [canvas, context] = [turned, turnedContext];
  }
  if (plan.trim) {
    const [trimmed, trimmedContext] = canvasOf(plan.trim.width, plan.trim.height);
    trimmedContext.drawImage(canvas, -plan.trim.x, -plan.trim.y);
    canvas.width = 0;
    [canvas, context] = [trimmed, trimmedContext];
  }
  if (plan.levels) {
    const all = context.getImageData(0, 0, canvas.width, canvas.height);
    const out = stretchLevels(smooth({ width: all.width, height: all.height, data: all.data }), plan.levels);
    context.putImageData(new ImageData(new Uint8ClampedArray(out.data), out.width, out.height), 0, 0);
  }
  return canvas;
}

/** An image file as tesseract should read it: preprocessed where that helps, else as it came. */
async function pageImage(blob: Blob, mimeType: string): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(blob);
  } catch {
    // A format this browser cannot draw: tesseract may still decode it.
    return blob;
  }
  try {
    const canvas = await preprocessed(bitmap, bitmap.width, bitmap.height);
    if (canvas) return await asPng(canvas);
    return await decodableImage(blob, mimeType, bitmap);
  } finally {
    bitmap.close();
  }
}

/** Formats tesseract cannot decode itself (HEIC where the browser can) are redrawn as PNG first. */
async function decodableImage(blob: Blob, mimeType: string, bitmap: ImageBitmap): Promise<Blob> {
  if (mimeType === 'image/png' || mimeType === 'image/jpeg' || mimeType === 'image/webp') return blob;
  const [canvas, context] = canvasOf(bitmap.width, bitmap.height);
  context.drawImage(bitmap, 0, 0);
  return asPng(canvas);
}

export const readDocument: ReadDocument = async (blob, mimeType, { signal, onProgress }) => {
  if (!canReadWithOcr(mimeType)) return null;
  if (mimeType.startsWith('image/')) {
    onProgress({ page: 1, pages: 1, fraction: 0 });
    const image = await pageImage(blob, mimeType);
    return ocrEngine.recognise(image, (fraction) => onProgress({ page: 1, pages: 1, fraction }), signal);
  }
  const pdfjs = await loadPdfJs();
  const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()) });
  signal.addEventListener('abort', () => void task.destroy(), { once: true });
  try {
    const pdf = await task.promise;
    const pages = Math.min(pdf.numPages, MAX_PAGES);
    const texts: string[] = [];
    for (let n = 1; n <= pages; n += 1) {
      if (signal.aborted) throw signal.reason;
      onProgress({ page: n, pages, fraction: 0 });
      const page = await pdf.getPage(n);
      const layer = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ').trim();
      if (layer) {
        texts.push(layer);
        page.cleanup();
        continue;
      }
      const unit = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: Math.min(4, PAGE_PIXELS / Math.max(unit.width, unit.height)) });
      const canvas = document.createElement('canvas');
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
      page.cleanup();
      // A scanned page may be tilted or faint too.
      const better = await preprocessed(canvas, canvas.width, canvas.height);
      const image = await asPng(better ?? canvas);
      canvas.width = 0;
      if (better) better.width = 0;
      texts.push(await ocrEngine.recognise(image, (fraction) => onProgress({ page: n, pages, fraction }), signal));
    }
    return texts.join('\n\n');
  } finally {
    void task.destroy();
  }
};
