/**
 * pdf.js, loaded on first use (its own chunk). Parsing runs in pdf.js's web worker. The worker
 * script is emitted as an asset and handed to pdf.js as `workerSrc` instead of being built with
 * `new Worker(new URL(...))`: this remote's files are served from another origin than the shell's
 * page, and a Worker must be same-origin — pdf.js wraps a cross-origin workerSrc in a same-origin
 * blob that imports it (docs/decisions/0023-pdf-text-extraction.md).
 * Uses import.meta: never imported by code that Jest loads unmocked.
 */
type PdfJs = typeof import('pdfjs-dist');

let loading: Promise<PdfJs> | null = null;

export function loadPdfJs(): Promise<PdfJs> {
  loading ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();
    return pdfjs;
  });
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
