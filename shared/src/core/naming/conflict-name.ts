import { DRIVE_LIMITS } from '../limits';

/** Splits 'report.final.pdf' into ['report.final', '.pdf']; names without an extension keep ''. */
export function splitExtension(name: string): [stem: string, extension: string] {
  const dot = name.lastIndexOf('.');
  // '.env' is a name, not an extension; 'archive.' has none.
  if (dot <= 0 || dot === name.length - 1) return [name, ''];
  return [name.slice(0, dot), name.slice(dot)];
}

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
