/** Real file contents the platform writes (and the end-to-end suites reuse for their fixtures). */
export { writePdf, type PdfOptions } from './pdf.js';
