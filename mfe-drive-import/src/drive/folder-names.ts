import { conflictFreeName, DRIVE_FOLDER_NAMES, folderNameOrDefault, portfolioName } from '@dossier/shared/core';

/** SPEC §5 folder names (the one rule lives in shared/src/core/folder-name): empty becomes 'Unnamed Portfolio'. */
export const sanitizeFolderName = folderNameOrDefault;

/** A portfolio's folder name, 'Portfolio: {name}'; a name that sanitises to nothing is refused (SPEC §5). */
export function portfolioFolderName(name: string): string {
  return DRIVE_FOLDER_NAMES.portfolio(portfolioName(name));
}

/**
 * SPEC §5 conflicts for the mirror (the rule lives in shared/src/core/naming): ' (1)', ' (2)'…
 * before a file's extension, a timestamp after 100 tries.
 */
export function resolveNameConflict(wanted: string, taken: ReadonlySet<string> | readonly string[], options: { isFolder?: boolean; now?: () => number } = {}): string {
  const used = taken instanceof Set ? taken : new Set(taken);
  const now = options.now;
  return conflictFreeName(wanted, (candidate) => used.has(candidate), { file: !options.isFolder, now: now ? () => new Date(now()) : undefined });
}

/**
 * Whether a folder carries its portfolio's current name (or that name with SPEC §5's conflict
 * suffix ' (n)'). A name that sanitises to nothing matches nothing.
 */
export function folderNameMatches(folderName: string, portfolioName: string): boolean {
  let wanted: string;
  try {
    wanted = portfolioFolderName(portfolioName);
  } catch {
    return false;
  }
  return folderName === wanted || (folderName.startsWith(wanted) && /^ \(\d+\)$/.test(folderName.slice(wanted.length)));
}
