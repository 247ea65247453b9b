import { DRIVE_LIMITS } from '../limits';
import { splitExtension } from './file-name';

/**
 * SPEC §5 name conflicts (folders and uploads): append ' (1)', ' (2)' and so on — before the
 * extension for files — and after 100 tries use a timestamp suffix. Returns `name` itself when it
 * is free. Drive import and uploads share this rule.
 */
export function conflictFreeName(
  name: string,
  isTaken: (candidate: string) => boolean,
  { file = true, now = () => new Date() }: { file?: boolean; now?: () => Date } = {},
): string {
  if (!isTaken(name)) return name;
  const [stem, extension] = file ? splitExtension(name) : [name, ''];
  for (let n = 1; n <= DRIVE_LIMITS.conflictRenameCap; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!isTaken(candidate)) return candidate;
  }
  return `${stem} (${now().getTime()})${extension}`;
}
