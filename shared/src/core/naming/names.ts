// SPEC §5 folder names live in ../folder-name, the ' (1)' conflict rule beside it (conflict-name), download names in download-name.

/** A file name safe inside a zip or a folder: no path separators or control characters, never empty. */
export function sanitizeFileName(name: string): string {
  const clean = name.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_').trim();
  return clean && clean !== '.' && clean !== '..' ? clean : 'file';
}
