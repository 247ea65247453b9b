import { loadPdfJs } from './pdf';

/** Wide enough for a sharp grid card on a 3× phone screen; Storage resizes it per request. */
const THUMBNAIL_WIDTH = 480;

/**
 * The first page of a PDF as a PNG, rendered with pdf.js in the browser at upload
 * (docs/decisions/0120). Null when the PDF cannot be read (broken, password-protected): the
 * library then shows the type placeholder.
 * Uses import.meta (through pdf.ts): never imported by code that Jest loads unmocked.
 */
export async function renderPdfFirstPage(file: Blob): Promise<Blob | null> {
  try {
    const pdfjs = await loadPdfJs();
    const task = pdfjs.getDocument({ data: new Uint8Array(await file.arrayBuffer()), disableFontFace: true });
    task.onPassword = () => {
      void task.destroy();
    };
    try {
      const pdf = await task.promise;
      const page = await pdf.getPage(1);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: THUMBNAIL_WIDTH / base.width });
      const canvas = document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport }).promise;
      return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    } finally {
      await task.destroy();
    }
  } catch {
    return null;
  }
}
