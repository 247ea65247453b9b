import { DRIVE_LIMITS } from '../limits';
import { VALIDATION_MESSAGES } from '../messages';
import { ValidationError } from '../errors';

// SPEC §5 folder names: portfolio names become Drive folder names ('Portfolio: {name}'), so the same
// rule decides both. The database enforces the identical rule (public.sanitize_folder_name).
const FORBIDDEN = /[<>:"/\\|?*]/g;

/** Removes < > : " / \ | ? *, collapses whitespace, trims and cuts to 100 characters (may be ''). */
export function sanitizeFolderName(raw: string): string {
  return raw.replace(FORBIDDEN, '').replace(/\s+/g, ' ').trim().slice(0, DRIVE_LIMITS.folderNameMaxLength).trim();
}

/** A Drive folder name: the sanitised name, or 'Unnamed Portfolio' when nothing is left. */
export function folderNameOrDefault(raw: string): string {
  return sanitizeFolderName(raw) || VALIDATION_MESSAGES.unnamedPortfolio;
}

/** A portfolio name as stored; a name that sanitises to empty is refused (SPEC §5). */
export function portfolioName(raw: string): string {
  const name = sanitizeFolderName(raw);
  if (!name) throw new ValidationError(VALIDATION_MESSAGES.invalidPortfolioName);
  return name;
}
