/**
 * tesseract.js on the device (docs/decisions/0110). Its worker script, WebAssembly core and English
 * language data are files of this remote's own build (mfe-documents/ocr-assets.cjs), found next to
 * this remote's chunks through webpack's public path — never a CDN, so reading works offline.
 * The worker is started from a same-origin blob that imports the script (the remote is served from
 * another origin than the page, ADR 0023), so recognition never blocks the page.
 * Uses webpack's build-time globals: never imported by code that Jest loads unmocked.
 */
import type { Worker as TesseractWorker } from 'tesseract.js';
import { OfflineError } from '@dossier/shared/core';

declare const __OCR_ASSET_DIRS__: { worker: string; core: string; lang: string };
declare const __webpack_public_path__: string;

export interface OcrAssetUrls {
  workerPath: string;
  corePath: string;
  langPath: string;
}

/** The absolute addresses of the OCR files, on the origin this remote is served from. */
export function ocrAssetUrls(): OcrAssetUrls {
  const base = new URL(__webpack_public_path__, window.location.href);
  return {
    workerPath: new URL(`${__OCR_ASSET_DIRS__.worker}/worker.min.js`, base).href,
    corePath: new URL(`${__OCR_ASSET_DIRS__.core}/`, base).href,
    langPath: new URL(__OCR_ASSET_DIRS__.lang, base).href,
  };
}

export interface OcrEngine {
  /** The text of one page image; `onProgress` gets 0…1. Rejects once `signal` aborts. */
  recognise(image: Blob, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<string>;
}

let worker: Promise<TesseractWorker> | null = null;
let report: ((fraction: number) => void) | null = null;
/** "eng", or English plus the languages chosen in Settings ("eng+fra"), docs/decisions/0202. */
let languages = 'eng';

/**
 * Fetches the worker script before tesseract starts a worker that imports it. tesseract reports a
 * failed `importScripts` (offline: the OCR files are not in the service worker's cache, see
 * docs/decisions/0110) only through the worker's error event, which it does not cancel, so the
 * page got an uncaught error; asked here first, an unreachable file is an OfflineError the
 * analysis queue waits out (the job stays waiting and resumes when the browser is back online).
 * A copy in the HTTP cache counts: `importScripts` would use it too.
 */
export async function ensureOcrWorkerReachable(workerPath: string, fetcher: typeof fetch = fetch): Promise<void> {
  try {
    // 'no-cors': only whether the file can be had matters here, whatever headers its host sends.
    await fetcher(workerPath, { mode: 'no-cors' });
  } catch {
    throw new OfflineError('The files to read documents could not be loaded');
  }
}

async function startWorker(): Promise<TesseractWorker> {
  const urls = ocrAssetUrls();
  const [{ createWorker, OEM }] = await Promise.all([import('tesseract.js'), ensureOcrWorkerReachable(urls.workerPath)]);
  return createWorker(languages, OEM.LSTM_ONLY, {
    ...urls,
    workerBlobURL: true,
    gzip: true,
    logger: (message) => {
      if (message.status === 'recognizing text') report?.(message.progress);
    },
    // Without a handler tesseract rethrows a failed job (language data or core not loadable
    // offline) from the worker's message handler: an uncaught error beside the rejection that
    // recognise() already passes on.
    errorHandler: () => undefined,
  });
}

/** Stops the worker (cancel, or the person switched analysis off); the next page starts a new one. */
export async function stopOcr(): Promise<void> {
  const current = worker;
  worker = null;
  if (current) await current.then((w) => w.terminate()).catch(() => undefined);
}

/** The languages the next page is read in; a change starts a new worker (which fetches that data). */
export function setOcrLanguages(next: string): void {
  if (next === languages) return;
  languages = next;
  void stopOcr();
}

/** One worker for the page, started on first use and kept: the language data loads once. */
export const ocrEngine: OcrEngine = {
  async recognise(image, onProgress, signal) {
    if (signal.aborted) throw signal.reason;
    worker ??= startWorker();
    worker.catch(() => {
      worker = null;
    });
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener(
        'abort',
        () => {
          // Terminating is the only way to stop tesseract mid-page.
          void stopOcr();
          reject(signal.reason);
        },
        { once: true },
      );
    });
    report = onProgress;
    try {
      const ready = await Promise.race([worker, aborted]);
      const result = await Promise.race([ready.recognize(image), aborted]);
      return result.data.text;
    } finally {
      report = null;
    }
  },
};
