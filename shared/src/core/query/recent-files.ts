import { lazyDatabase } from './idb-database';

/**
 * Files of documents the person opened recently, kept on this device so their preview opens
 * offline (issue #9 §4; docs/decisions/0191-offline-previews-of-recently-opened-documents.md).
 * Bounded: the last RECENT_FILES_MAX opened, each at most RECENT_FILE_MAX_BYTES, all together at
 * most RECENT_FILES_TOTAL_BYTES (least recently opened go first). Per person (another person
 * signed in on the device never reads them) and deleted on sign-out with the query snapshot.
 */

export const RECENT_FILES_MAX = 20;
export const RECENT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const RECENT_FILES_TOTAL_BYTES = 50 * 1024 * 1024;

const DB_NAME = 'dossier-recent-files';
const STORE = 'files';

export interface RecentFile {
  userId: string;
  /** The storage path (`<user>/<document>/<name>`): a new version is a new path. */
  path: string;
  blob: Blob;
  size: number;
  openedAt: number;
}

export interface RecentFileStore {
  all(): Promise<RecentFile[]>;
  get(key: string): Promise<RecentFile | undefined>;
  put(key: string, file: RecentFile): Promise<void>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
}

const database = lazyDatabase(DB_NAME, STORE);

export const indexedDbRecentFiles: RecentFileStore = {
  async all() {
    return (await (await database()).getAll(STORE)) as RecentFile[];
  },
  async get(key) {
    return (await (await database()).get(STORE, key)) as RecentFile | undefined;
  },
  async put(key, file) {
    await (await database()).put(STORE, file, key);
  },
  async delete(key) {
    await (await database()).delete(STORE, key);
  },
  async clear() {
    await (await database()).clear(STORE);
  },
};

const keyOf = (userId: string, path: string) => `${userId}\u0000${path}`;

/** Which of `files` to drop so the rest fit the bounds (oldest opened first). */
export function recentFilesToEvict(files: readonly RecentFile[]): RecentFile[] {
  const newestFirst = [...files].sort((a, b) => b.openedAt - a.openedAt);
  const keep: RecentFile[] = [];
  let total = 0;
  for (const file of newestFirst) {
    if (keep.length < RECENT_FILES_MAX && total + file.size <= RECENT_FILES_TOTAL_BYTES) {
      keep.push(file);
      total += file.size;
    }
  }
  return newestFirst.filter((file) => !keep.includes(file));
}

/** Keeps a file the person just opened (when it fits), and drops what no longer fits. */
export async function rememberRecentFile(userId: string, path: string, blob: Blob, options: { store?: RecentFileStore; now?: () => number } = {}): Promise<boolean> {
  const store = options.store ?? indexedDbRecentFiles;
  if (blob.size > RECENT_FILE_MAX_BYTES) return false;
  await store.put(keyOf(userId, path), { userId, path, blob, size: blob.size, openedAt: (options.now ?? Date.now)() });
  for (const file of recentFilesToEvict(await store.all())) await store.delete(keyOf(file.userId, file.path));
  return true;
}

/** The file kept for this person and path, if any. */
export async function recallRecentFile(userId: string, path: string, options: { store?: RecentFileStore } = {}): Promise<Blob | undefined> {
  const store = options.store ?? indexedDbRecentFiles;
  const file = await store.get(keyOf(userId, path));
  return file && file.userId === userId ? file.blob : undefined;
}

/** Forgets every kept file, whoever's (sign-out: a shared device keeps nobody's files). */
export async function forgetRecentFiles(options: { store?: RecentFileStore } = {}): Promise<void> {
  await (options.store ?? indexedDbRecentFiles).clear();
}
