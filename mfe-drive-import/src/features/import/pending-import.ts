import type { DriveFile } from '../../drive/drive-client';

/**
 * An import that files itself must survive a reload (issue 12 §4): the chosen Drive files are
 * remembered in this browser until each one is stored, skipped or given up, per signed-in person.
 * Resuming plans the import again, so files stored before the interruption are recognised by their
 * Drive id and never stored twice.
 */
export interface PendingImport {
  files: DriveFile[];
  /** Drive file id → the document a changed file replaces ("Update changed file"). */
  replaces: Record<string, string>;
  startedAt: number;
}

const key = (userId: string) => `dossier-drive-import-pending:${userId}`;

export function readPendingImport(storage: Pick<Storage, 'getItem'>, userId: string): PendingImport | null {
  try {
    const raw = storage.getItem(key(userId));
    if (!raw) return null;
    const value = JSON.parse(raw) as PendingImport;
    return Array.isArray(value.files) && value.files.length > 0 ? { files: value.files, replaces: value.replaces ?? {}, startedAt: value.startedAt ?? 0 } : null;
  } catch {
    return null;
  }
}

export function writePendingImport(storage: Pick<Storage, 'setItem' | 'removeItem'>, userId: string, pending: PendingImport | null): void {
  try {
    if (!pending || pending.files.length === 0) storage.removeItem(key(userId));
    else storage.setItem(key(userId), JSON.stringify(pending));
  } catch {
    // Private mode or a full storage: the import still runs, it just cannot be resumed.
  }
}

/** The pending import without the files that are settled now. */
export function settle(pending: PendingImport, settledIds: ReadonlySet<string>): PendingImport {
  const files = pending.files.filter((f) => !settledIds.has(f.id));
  const replaces = Object.fromEntries(Object.entries(pending.replaces).filter(([id]) => !settledIds.has(id)));
  return { ...pending, files, replaces };
}
