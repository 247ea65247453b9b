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

/** Long side of a rendered page: about 300 dpi for A4, what tesseract reads best. */
const PAGE_PIXELS = 3000;
/** A scan's pages read at most (a 500-page scan is read up to here; the rest stays unsearchable). */
const MAX_PAGES = 50;

async function asPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('page could not be drawn'))), 'image/png'));
}

/** Formats tesseract cannot decode itself (HEIC where the browser can) are redrawn as PNG first. */
async function decodableImage(blob: Blob, mimeType: string): Promise<Blob> {
  if (mimeType === 'image/png' || mimeType === 'image/jpeg' || mimeType === 'image/webp') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  bitmap.close();
  return asPng(canvas);
}

export const readDocument: ReadDocument = async (blob, mimeType, { signal, onProgress }) => {
  if (!canReadWithOcr(mimeType)) return null;
  if (mimeType.startsWith('image/')) {
    onProgress({ page: 1, pages: 1, fraction: 0 });
    const image = await decodableImage(blob, mimeType);
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
      const image = await asPng(canvas);
      canvas.width = 0;
      texts.push(await ocrEngine.recognise(image, (fraction) => onProgress({ page: n, pages, fraction }), signal));
    }
    return texts.join('\n\n');
  } finally {
    void task.destroy();
  }
};
