/**
 * The one rule for the name a downloaded document gets (issue 21 item 2, ADR 0270): the owner's
 * panel, a share link, a shared "Download all" zip, the full export and the storage `download`
 * parameter all use `downloadFileName`; HTTP answers use `contentDisposition`.
 *
 * This file imports nothing: the Edge Function share-resolve imports it by relative path (Deno
 * and the local stack's esbuild loader both resolve it), so hosted and local name files alike.
 */

/**
 * Characters no common file system accepts (Windows' set is the strictest; `/` everywhere), C0/C1
 * controls, and the bidi overrides that can disguise an extension. Replaced, never percent-encoded.
 */
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
/** Names Windows refuses whatever their extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;
const MAX_LENGTH = 200;
const FALLBACK = 'document';

/** The extension a stored type is saved with first; further ones are accepted as the same type. */
const EXTENSIONS_BY_TYPE: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['.pdf'],
  'image/jpeg': ['.jpg', '.jpeg', '.jpe', '.jfif'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic', '.heif'],
  'image/heif': ['.heif', '.heic'],
  'image/gif': ['.gif'],
  'image/avif': ['.avif'],
  'image/tiff': ['.tif', '.tiff'],
  'text/plain': ['.txt', '.text', '.log'],
  'text/csv': ['.csv'],
  'text/markdown': ['.md', '.markdown'],
  'application/rtf': ['.rtf'],
  'application/msword': ['.doc'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.ms-powerpoint': ['.ppt'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
  'application/vnd.oasis.opendocument.text': ['.odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['.ods'],
  'application/vnd.oasis.opendocument.presentation': ['.odp'],
  'application/zip': ['.zip'],
  'application/json': ['.json'],
};

/** '.pdf' of 'scan.PDF'; '' when the name has no short alphanumeric ending ("v1.2 draft" has none). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return '';
  const extension = name.slice(dot).toLowerCase();
  return /^\.[\p{L}\p{N}]{1,10}$/u.test(extension) ? extension : '';
}

/** Replaces what no file system accepts; trims what Windows and macOS drop or hide. */
function fileSystemSafe(name: string): string {
  let clean = name.normalize('NFC').replace(FORBIDDEN, '_').replace(/\s+/g, ' ');
  // Leading dots hide a file; trailing dots and spaces are silently dropped by Windows.
  clean = clean.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  if (RESERVED.test(clean)) clean = `_${clean}`;
  return clean;
}

/** Cuts to `max` code points, keeping `extension` whole. */
function capped(stem: string, extension: string, max: number): string {
  const room = Math.max(1, max - Array.from(extension).length);
  const chars = Array.from(stem);
  return (chars.length > room ? chars.slice(0, room).join('').trimEnd() : stem) + extension;
}

export interface DownloadNameSource {
  /** The display name (documents.name), as the person sees it. */
  name: string;
  /** The stored object's key or original file name: its extension is the file's real one. */
  storagePath?: string | null;
  /** The stored content type: the extension's fallback. */
  mimeType?: string | null;
}

/**
 * "Passport – Eleanor Whitfield" (a PDF) → "Passport – Eleanor Whitfield.pdf": the display name in
 * UTF-8, characters no file system accepts replaced by '_', and the original's extension added
 * when the name does not already end in it (or in another extension of the same type: "scan.jpeg"
 * stays). The content type is the fallback when the original has no extension.
 */
export function downloadFileName({ name, storagePath, mimeType }: DownloadNameSource): string {
  const safe = fileSystemSafe(name ?? '') || FALLBACK;
  const type = (mimeType ?? '').split(';')[0].trim().toLowerCase();
  const sameType = EXTENSIONS_BY_TYPE[type] ?? [];
  const original = extensionOf((storagePath ?? '').split('/').pop() ?? '');
  const wanted = original || sameType[0] || '';
  const current = extensionOf(safe);
  const has = current !== '' && (current === wanted || sameType.includes(current));
  if (!wanted || has) {
    const [stem, ext] = current ? [safe.slice(0, safe.length - current.length), safe.slice(safe.length - current.length)] : [safe, ''];
    return capped(stem, ext, MAX_LENGTH);
  }
  return capped(safe, wanted, MAX_LENGTH);
}

/** RFC 5987 `value-chars`: encodeURIComponent leaves ' ( ) * ! unencoded, which attr-char forbids (but for '!'). */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The plain-ASCII `filename` for old clients: accents folded, anything else non-ASCII as '_'. */
export function asciiFileName(fileName: string): string {
  return fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
}

/**
 * `attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 §4.3): clients that know
 * `filename*` (every current browser) take the UTF-8 name; others get a safe ASCII one.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const safe = fileSystemSafe(fileName) || FALLBACK;
  return `${type}; filename="${asciiFileName(safe)}"; filename*=UTF-8''${rfc5987(safe)}`;
}

/**
 * A signed Storage URL that saves as `fileName`. supabase-js's own `{ download }` option encodes
 * the name twice (URLSearchParams, then encodeURI of the whole URL), so Storage — hosted and local
 * alike — decodes it once into "Passport%20%E2%80%93…": the name is set here instead, encoded once.
 * The token signs the object, not the query, so adding the parameter keeps the URL valid.
 */
export function withDownloadName(signedUrl: string, fileName: string): string {
  const url = new URL(signedUrl);
  url.searchParams.set('download', fileName);
  return url.toString();
}
