import { fileTypeFromBuffer } from 'file-type';
import { ALLOWED_MIME_TYPES } from '../core/documents/document-types';
import { splitExtension } from '../core/naming';
import { formatBytes } from '../core/format';

export type RefusalReason = 'empty' | 'too-large' | 'not-allowed' | 'extension-mismatch';

export type FileVerdict =
  | { ok: true; mimeType: string }
  | { ok: false; reason: RefusalReason; message: string };

/** How much of a file the magic-byte check reads; zip-based Office files need their first entries. */
const SNIFF_BYTES = 256 * 1024;
/** How much of an unknown file is checked for being text. */
const TEXT_SNIFF_BYTES = 1024 * 1024;

// Legacy Office files are CFB containers; the container does not say which program wrote it.
const CFB_BY_EXTENSION: Record<string, string> = {
  '.doc': 'application/msword',
  '.dot': 'application/msword',
  '.xls': 'application/vnd.ms-excel',
  '.xlt': 'application/vnd.ms-excel',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pps': 'application/vnd.ms-powerpoint',
};

const TEXT_BY_EXTENSION: Record<string, string> = {
  '': 'text/plain',
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.log': 'text/plain',
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.csv': 'text/csv',
};

/** Which detected types a named extension may carry; a mismatch is refused (a ".pdf" that is not a PDF). */
const EXTENSION_FAMILY: Record<string, readonly string[]> = {
  '.pdf': ['application/pdf'],
  '.jpg': ['image/jpeg'],
  '.jpeg': ['image/jpeg'],
  '.png': ['image/png'],
  '.webp': ['image/webp'],
  '.heic': ['image/heic', 'image/heif'],
  '.heif': ['image/heif', 'image/heic'],
};

/** What a file really is, when its name says otherwise: its kind and the extension it should have. */
export interface ActualType {
  label: string;
  extension: string;
}

export const refusalMessage = (name: string, reason: RefusalReason, maxBytes: number, extension = '', actual?: ActualType): string => {
  switch (reason) {
    case 'empty':
      return `“${name}” was not uploaded: the file is empty.`;
    case 'too-large':
      return `“${name}” was not uploaded: it is larger than the ${formatBytes(maxBytes)} limit.`;
    case 'extension-mismatch':
      // A file of a kind Dossier takes, renamed by hand or by a scanner app: say what it is and
      // what to do, rather than only what it is not.
      if (actual) {
        const renamed = `${name.slice(0, name.length - extension.length)}.${actual.extension}`;
        return `“${name}” was not uploaded: it is a ${actual.label} file named ${extension}. Rename it “${renamed}” and add it again.`;
      }
      return `“${name}” was not uploaded: its content is not a ${extension.slice(1).toUpperCase()} file.`;
    default:
      return `“${name}” was not uploaded: only PDFs, images (JPEG, PNG, WebP, HEIC), Office documents and plain text files are accepted.`;
  }
};

async function head(file: Blob, bytes: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, bytes).arrayBuffer());
}

/** Valid UTF-8 with no NUL bytes: what "plain text" means here. */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    // stream: true tolerates a multi-byte character cut at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The one upload check (issue 5): the upload dialog, the share target, Drive import and the
 * archive import all judge a file here. Judges a file by its content (magic bytes through `file-type`), not its name; the name only
 * tells legacy Office formats apart and must not contradict the content.
 */
export async function validateFile(file: Blob & { name: string }, maxBytes: number): Promise<FileVerdict> {
  const refuse = (reason: RefusalReason, extension?: string, actual?: ActualType): FileVerdict => ({
    ok: false,
    reason,
    message: refusalMessage(file.name, reason, maxBytes, extension, actual),
  });
  if (file.size === 0) return refuse('empty');
  if (file.size > maxBytes) return refuse('too-large');

  const extension = splitExtension(file.name)[1].toLowerCase();
  const detected = await fileTypeFromBuffer(await head(file, SNIFF_BYTES));
  let mimeType: string | undefined;

  if (detected) {
    mimeType = detected.mime === 'application/x-cfb' ? CFB_BY_EXTENSION[extension] : detected.mime;
  } else if (extension in TEXT_BY_EXTENSION && looksLikeText(await head(file, TEXT_SNIFF_BYTES))) {
    mimeType = TEXT_BY_EXTENSION[extension];
  }

  const family = EXTENSION_FAMILY[extension];
  if (family && (!mimeType || !family.includes(mimeType))) {
    const actual = detected && mimeType && ALLOWED_MIME_TYPES.has(mimeType) ? { label: detected.ext.toUpperCase(), extension: detected.ext } : undefined;
    return refuse('extension-mismatch', extension, actual);
  }
  if (!mimeType || !ALLOWED_MIME_TYPES.has(mimeType)) return refuse('not-allowed');
  return { ok: true, mimeType };
}
