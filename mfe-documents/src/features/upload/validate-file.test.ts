/** @jest-environment node */
import { validateFile, looksLikeText, refusalMessage } from './validate-file';

const MB = 1024 * 1024;
const named = (parts: BlobPart[], name: string) => Object.assign(new Blob(parts), { name });

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);
const CFB = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);
const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, ...new Array(100).fill(0)]);

/** A stored (uncompressed) zip with the given entries — enough for file-type to read an OOXML package. */
function zip(entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const chunks: number[] = [];
  const u16 = (n: number) => [n & 0xff, (n >> 8) & 0xff];
  const u32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
  for (const [name, content] of Object.entries(entries)) {
    const data = Array.from(new TextEncoder().encode(content));
    const nameBytes = Array.from(new TextEncoder().encode(name));
    chunks.push(...u32(0x04034b50), ...u16(20), ...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(0), ...u32(data.length), ...u32(data.length), ...u16(nameBytes.length), ...u16(0), ...nameBytes, ...data);
  }
  return new Uint8Array(chunks);
}

const DOCX = zip({
  '[Content_Types].xml':
    '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  'word/document.xml': '<w:document/>',
});

describe('validateFile judges uploads by content', () => {
  it('accepts a PDF, images and plain text by their bytes', async () => {
    await expect(validateFile(named([PDF], 'scan.pdf'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'application/pdf' });
    await expect(validateFile(named([PNG], 'photo.png'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'image/png' });
    await expect(validateFile(named([JPEG], 'receipt.jpg'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'image/jpeg' });
    await expect(validateFile(named(['Meter reading: 4711 kWh — ünïcödé'], 'notes.txt'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'text/plain' });
  });

  it('accepts a PDF whatever its name says, when the name does not claim another type', async () => {
    await expect(validateFile(named([PDF], 'no extension'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'application/pdf' });
  });

  it('recognises zip-based and legacy Office documents', async () => {
    await expect(validateFile(named([DOCX], 'letter.docx'), 50 * MB)).resolves.toEqual({
      ok: true,
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    await expect(validateFile(named([CFB], 'old letter.doc'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'application/msword' });
    await expect(validateFile(named([CFB], 'budget.xls'), 50 * MB)).resolves.toEqual({ ok: true, mimeType: 'application/vnd.ms-excel' });
  });

  it('refuses a CFB container that is not an Office document', async () => {
    await expect(validateFile(named([CFB], 'setup.msi'), 50 * MB)).resolves.toMatchObject({ ok: false, reason: 'not-allowed' });
  });

  it('refuses a program renamed to .pdf, naming the file and the reason', async () => {
    const verdict = await validateFile(named([EXE], 'invoice.pdf'), 50 * MB);
    expect(verdict).toEqual({ ok: false, reason: 'extension-mismatch', message: '“invoice.pdf” was not uploaded: its content is not a PDF file.' });
  });

  it('says what a renamed file really is and how to add it, when it is a kind Dossier takes', async () => {
    await expect(validateFile(named([PDF], 'passport scan.jpeg'), 50 * MB)).resolves.toEqual({
      ok: false,
      reason: 'extension-mismatch',
      message: '“passport scan.jpeg” was not uploaded: it is a PDF file named .jpeg. Rename it “passport scan.pdf” and add it again.',
    });
    await expect(validateFile(named([PNG], 'Receipt.JPG'), 50 * MB)).resolves.toMatchObject({
      message: '“Receipt.JPG” was not uploaded: it is a PNG file named .jpg. Rename it “Receipt.png” and add it again.',
    });
  });

  it('refuses text pretending to be a PDF, and binaries pretending to be text', async () => {
    await expect(validateFile(named(['just words'], 'fake.pdf'), 50 * MB)).resolves.toMatchObject({ reason: 'extension-mismatch' });
    await expect(validateFile(named([new Uint8Array([0x41, 0, 0x42, 0xff]).buffer], 'data.txt'), 50 * MB)).resolves.toMatchObject({ reason: 'not-allowed' });
    await expect(validateFile(named([EXE], 'tool.exe'), 50 * MB)).resolves.toMatchObject({ reason: 'not-allowed' });
  });

  it('refuses files over the limit and empty files before reading them', async () => {
    const verdict = await validateFile(named([new Uint8Array(2048)], 'big.pdf'), 1024);
    expect(verdict).toEqual({ ok: false, reason: 'too-large', message: refusalMessage('big.pdf', 'too-large', 1024) });
    expect(refusalMessage('big.pdf', 'too-large', 50 * MB)).toBe('“big.pdf” was not uploaded: it is larger than the 50 MB limit.');
    await expect(validateFile(named([], 'empty.pdf'), 1024)).resolves.toMatchObject({ reason: 'empty' });
  });
});

describe('looksLikeText', () => {
  it('accepts UTF-8 cut in the middle of a character and rejects NULs and invalid bytes', () => {
    const euro = new TextEncoder().encode('price €');
    expect(looksLikeText(euro.slice(0, euro.length - 1))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x61, 0x00]))).toBe(false);
    expect(looksLikeText(new Uint8Array([0xc3, 0x28]))).toBe(false);
  });
});
