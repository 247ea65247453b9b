// The one home of file names (issue 23 §1): display names, object keys, extensions. SPEC §5
// folder names live in ../folder-name, the ' (1)' conflict rule beside this file
// (conflict-name), download names in download-name.

/**
 * File names come from the person's device: anything may be in them. Two cleaned forms exist:
 * - the display name (documents.name): unicode kept, path separators, control and bidi-override
 *   characters and `..` removed, length capped — always rendered as a text node;
 * - the object-key segment: the display name reduced to characters every Supabase Storage backend
 *   accepts in a key (hosted Storage refuses non-ASCII keys), so no key is built from unchecked input.
 */

export const MAX_NAME_LENGTH = 200;
const MAX_KEY_NAME_LENGTH = 120;
const FALLBACK_NAME = 'document';

// C0/C1 controls, DEL, and the bidi overrides that can disguise an extension (U+202A–U+202E, U+2066–U+2069).
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Splits "report.final.pdf" into ["report.final", ".pdf"]; dotfiles have no extension. */
export function splitExtension(name: string): [string, string] {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  const extension = name.slice(dot);
  // Only short alphanumeric endings are extensions ("v1.2 draft" is not).
  return /^\.[\p{L}\p{N}]{1,10}$/u.test(extension) ? [name.slice(0, dot), extension] : [name, ''];
}

/** Cuts `name` to `max` code points, keeping its extension. */
function capLength(name: string, max: number): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const [stem, extension] = splitExtension(name);
  const keep = Math.max(1, max - Array.from(extension).length);
  return Array.from(stem).slice(0, keep).join('').trimEnd() + extension;
}

/** The name shown in the library and stored in documents.name. */
export function sanitiseFileName(raw: string): string {
  let name = (raw ?? '').normalize('NFC').replace(UNSAFE_CHARACTERS, '');
  // Keep only the last path segment, as a browser does, then drop any remaining separators.
  name = name.split(/[/\\]/).filter(Boolean).pop() ?? '';
  name = name.replace(/\.{2,}/g, '.');
  name = name.replace(/\s+/g, ' ').trim();
  // Leading dots would hide the file; trailing dots and spaces are dropped by some systems.
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  name = capLength(name, MAX_NAME_LENGTH);
  return name || FALLBACK_NAME;
}

/** The last segment of the object key: `{user_id}/{document_id}/{this}`. */
export function objectKeyName(displayName: string): string {
  const [stem, extension] = splitExtension(sanitiseFileName(displayName));
  const ascii = (part: string) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .replace(/_{2,}/g, '_')
      .replace(/\.{2,}/g, '.')
      .trim();
  const safeStem = ascii(stem).replace(/^[._ -]+|[._ -]+$/g, '') || FALLBACK_NAME;
  const safeExtension = ascii(extension).toLowerCase();
  return capLength(safeStem + safeExtension, MAX_KEY_NAME_LENGTH);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `{user_id}/{document_id}/{file name}`: the only way the app (upload, archive import) builds an object key. */
export function buildStoragePath(userId: string, documentId: string, displayName: string): string {
  if (!UUID.test(userId) || !UUID.test(documentId)) throw new Error('storage path needs a user id and a document id');
  return `${userId.toLowerCase()}/${documentId.toLowerCase()}/${objectKeyName(displayName)}`;
}
