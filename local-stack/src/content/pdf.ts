/**
 * The platform's one PDF writer (issue 23 §1): small, real PDFs whose text a PDF reader extracts —
 * the Google emulator's demo files and exports, the Stripe emulator's invoices. Helvetica with
 * WinAnsiEncoding, so Latin-1 text (é, ü, ß) reads as written; other characters become "?".
 * Deterministic: same input, same bytes. Hand-written: a PDF library (pdf-lib, pdfkit) would be a
 * new dependency for ~40 lines of objects and a cross-reference table.
 */
export interface PdfOptions {
  /** Grows the file to this many bytes with a padding stream (size limits in tests). */
  padTo?: number;
  /** Lines per page. */
  perPage?: number;
}

const text = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`);

export function writePdf(lines: readonly string[], { padTo = 0, perPage = 45 }: PdfOptions = {}): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(lines.length, 1); i += perPage) pages.push(lines.slice(i, i + perPage));
  // 1 catalog, 2 pages, 3 font, then a page and its content per page
  const objects: string[] = [];
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  const pageIds: number[] = [];
  for (const page of pages) {
    const [pageId, contentId] = [objects.length, objects.length + 1];
    pageIds.push(pageId);
    const stream = ['BT', '/F1 12 Tf', '56 780 Td', '16 TL', ...page.map((l) => `(${text(l)}) Tj T*`), 'ET'].join('\n');
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  }
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  const emit = (id: number, content: string) => {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${content}\nendobj\n`;
  };
  for (let id = 1; id < objects.length; id++) emit(id, objects[id]);
  let count = objects.length;
  const tail = (n: number) => {
    const xrefAt = Buffer.byteLength(body, 'latin1');
    const rows = Array.from({ length: n - 1 }, (_, k) => `${String(offsets[k + 1]).padStart(10, '0')} 00000 n \n`).join('');
    return `xref\n0 ${n}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${n} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  };
  if (padTo > 0) {
    const estimate = Buffer.byteLength(body, 'latin1') + Buffer.byteLength(tail(count + 1), 'latin1') + 80;
    const fill = Math.max(0, padTo - estimate);
    emit(count, `<< /Length ${fill} >>\nstream\n${' '.repeat(fill)}\nendstream`);
    count++;
  }
  return Buffer.from(body + tail(count), 'latin1');
}
