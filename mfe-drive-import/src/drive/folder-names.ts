import { DRIVE_FOLDER_NAMES, DRIVE_LIMITS, VALIDATION_MESSAGES, ValidationError } from '@dossier/shared/core';

/**
 * SPEC §5 folder names: drop < > : " / \ | ? *, collapse whitespace, trim, cut to 100 characters;
 * empty becomes 'Unnamed Portfolio'.
 */
export function sanitizeFolderName(raw: string): string {
  return clean(raw) || VALIDATION_MESSAGES.unnamedPortfolio;
}

/** A portfolio's folder name; a name that sanitises to nothing is refused (SPEC §5). */
export function portfolioFolderName(portfolioName: string): string {
  const cleaned = clean(portfolioName);
  if (!cleaned) throw new ValidationError(VALIDATION_MESSAGES.invalidPortfolioName);
  return DRIVE_FOLDER_NAMES.portfolio(cleaned);
}

function clean(raw: string): string {
  return raw
    .replace(/[<>:"/\\|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, DRIVE_LIMITS.folderNameMaxLength)
    .trim();
}

/** 'Report.pdf' → ['Report', '.pdf']; folders and names without an extension keep it all. */
function splitExtension(fileName: string, isFolder: boolean): [string, string] {
  if (isFolder) return [fileName, ''];
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
}

/**
 * SPEC §5 conflicts: the name as is when free, else ' (1)', ' (2)'… (before the extension for
 * files); after 100 tries a timestamp suffix.
 */
export function resolveNameConflict(wanted: string, taken: ReadonlySet<string> | readonly string[], options: { isFolder?: boolean; now?: () => number } = {}): string {
  const used = taken instanceof Set ? taken : new Set(taken);
  if (!used.has(wanted)) return wanted;
  const [stem, ext] = splitExtension(wanted, Boolean(options.isFolder));
  for (let i = 1; i <= DRIVE_LIMITS.conflictRenameCap; i++) {
    const candidate = `${stem} (${i})${ext}`;
    if (!used.has(candidate)) return candidate;
  }
  return `${stem} (${(options.now ?? Date.now)()})${ext}`;
}
