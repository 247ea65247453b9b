import type { ExtractionStatus } from '../../api/documents';
import { loadPdfJs } from '../../lib/pdf';

export interface Extraction {
  status: ExtractionStatus;
  text: string | null;
}

/** Enough for search; a 2,000-page scan with a text layer would otherwise bloat the row. */
const MAX_TEXT_LENGTH = 1_000_000;
const TIMEOUT_MS = 60_000;

function timeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout();
      reject(new Error('text extraction timed out'));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * The text layer of a PDF, for full-text search. Never throws: a broken or password-protected
 * PDF is still stored, with a status the document page explains.
 */
export async function extractPdfText(file: Blob): Promise<Extraction> {
  let destroy = () => undefined as unknown;
  try {
    const pdfjs = await loadPdfJs();
    const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), disableFontFace: true });
    destroy = () => task.destroy();
    // No password prompt at upload: a protected PDF is stored as it is.
    task.onPassword = () => {
      void task.destroy();
    };
    const run = async (): Promise<Extraction> => {
      const pdf = await task.promise;
      let text = '';
      for (let pageNumber = 1; pageNumber <= pdf.numPages && text.length < MAX_TEXT_LENGTH; pageNumber += 1) {
        const page = await pdf.getPage(pageNumber);
        const content = await page.getTextContent();
        for (const item of content.items) {
          if ('str' in item) text += item.str + (item.hasEOL ? '\n' : ' ');
        }
        text += '\n';
        page.cleanup();
      }
      await task.destroy();
      const clean = text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim().slice(0, MAX_TEXT_LENGTH);
      return clean ? { status: 'done', text: clean } : { status: 'none', text: null };
    };
    return await timeout(run(), TIMEOUT_MS, () => void destroy());
  } catch (error) {
    void Promise.resolve(destroy()).catch(() => undefined);
    const name = (error as { name?: string } | null)?.name;
    return { status: name === 'PasswordException' ? 'encrypted' : 'failed', text: null };
  }
}

/** Extraction for any accepted type: only PDFs carry a text layer we read. */
export function extractText(file: Blob, mimeType: string): Promise<Extraction> {
  return mimeType === 'application/pdf' ? extractPdfText(file) : Promise.resolve({ status: 'none', text: null });
}
