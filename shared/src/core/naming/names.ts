import { DRIVE_LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../messages';

/**
 * SPEC §5 folder names: remove < > : " / \ | ? *, collapse whitespace, trim, cut to 100
 * characters; empty becomes 'Unnamed Portfolio'.
 */
export function sanitizeFolderName(name: string): string {
  const clean = name
    .replace(/[<>:"/\\|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DRIVE_LIMITS.folderNameMaxLength)
    .trim();
  return clean || VALIDATION_MESSAGES.unnamedPortfolio;
}

/** A file name safe inside a zip or a folder: no path separators or control characters, never empty. */
export function sanitizeFileName(name: string): string {
  const clean = name.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : 'file';
}

/**
 * SPEC §5 name conflicts (folders and uploads): ' (1)', ' (2)' … before the extension of a file;
 * after 100 tries a timestamp suffix. `taken` is checked case-insensitively.
 */
export function uniqueName(name: string, taken: Set<string> | ((candidate: string) => boolean), options: { isFile?: boolean; now?: () => number } = {}): string {
  const isTaken = typeof taken === 'function' ? taken : (c: string) => taken.has(c.toLowerCase());
  if (!isTaken(name)) return name;
  const dot = options.isFile === false ? -1 : name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let i = 1; i <= DRIVE_LIMITS.conflictRenameCap; i++) {
    const candidate = `${stem} (${i})${ext}`;
    if (!isTaken(candidate)) return candidate;
  }
  return `${stem} (${(options.now ?? Date.now)()})${ext}`;
}
