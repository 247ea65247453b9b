import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { StorageBackend } from './backend.js';

/** fsync a file or a directory (a directory's fsync makes the names in it durable). */
async function fsyncPath(p: string): Promise<void> {
  const handle = await open(p, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Objects as files under `root` (default `<dataDir>/storage`). An upload is acknowledged only once
 * it is durable: the file's bytes are fsynced, then, after the rename, every directory from its
 * own up to the root (the rename and any directory just created). `onSync` sees each path synced.
 */
export function createLocalBackend(root: string, options: { onSync?: (p: string) => void } = {}): StorageBackend {
  const base = path.resolve(root);
  const sync = async (p: string) => {
    await fsyncPath(p);
    options.onSync?.(p);
  };
  // Directories whose own entry (in their parent) this backend has made durable. A new file needs
  // its directory fsynced (the rename); a directory needs its parent fsynced only when it is new
  // or not yet known durable — not every ancestor on every upload (ADR 0197).
  const durableDirs = new Set<string>();
  /** `created`: the first directory mkdir made for this path (its answer), if any. */
  const syncDirsUp = async (p: string, created?: string) => {
    const parent = path.dirname(p);
    const toSync = [parent];
    const chain: string[] = [];
    for (let dir = parent; dir !== base && dir.startsWith(base + path.sep); dir = path.dirname(dir)) {
      const isNew = created !== undefined && (dir === created || dir.startsWith(created + path.sep));
      if (!isNew && durableDirs.has(dir)) break;
      chain.push(dir);
      toSync.push(path.dirname(dir));
    }
    for (const dir of toSync) await sync(dir);
    // Forgetting is always safe (the next upload there syncs the chain again): keep memory bounded.
    if (durableDirs.size > 10_000) durableDirs.clear();
    for (const dir of chain) durableDirs.add(dir);
  };
  // Keys are validated before they get here; resolving and re-checking is the second lock.
  const file = (key: string) => {
    const p = path.resolve(base, ...key.split('/'));
    if (!p.startsWith(base + path.sep)) throw new Error(`storage key escapes the storage root: ${key}`);
    return p;
  };
  const removeEmptyParents = async (p: string) => {
    let dir = path.dirname(p);
    while (dir.startsWith(base + path.sep)) {
      try {
        await rmdir(dir);
        durableDirs.delete(dir);
      } catch {
        return; // not empty (or already gone): stop climbing
      }
      dir = path.dirname(dir);
    }
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = file(key);
      const created = await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // Write aside, then rename: a reader never sees half a file.
      const tmp = `${target}.${randomUUID()}.part`;
      const handle = await open(tmp, 'w', 0o600);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      options.onSync?.(tmp);
      await rename(tmp, target);
      await syncDirsUp(target, created);
    },
    async adopt(key, source) {
      const target = file(key);
      const created = await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      // The bytes first (fsync of the file), then the name (rename, then its directories).
      await sync(source);
      try {
        await rename(source, target);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        // The upload area is on another filesystem than the storage root: copy aside, then rename.
        const tmp = `${target}.${randomUUID()}.part`;
        await copyFile(source, tmp);
        await sync(tmp);
        await rename(tmp, target);
      }
      await syncDirsUp(target, created);
    },
    async get(key, range) {
      const p = file(key);
      try {
        if (!(await stat(p)).isFile()) return null;
      } catch {
        return null;
      }
      return Readable.toWeb(createReadStream(p, range ? { start: range.start, end: range.end } : undefined)) as ReadableStream<Uint8Array>;
    },
    async delete(keys) {
      for (const key of keys) {
        const p = file(key);
        await rm(p, { force: true });
        await removeEmptyParents(p);
      }
    },
    async copy(from, to) {
      const target = file(to);
      const created = await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await copyFile(file(from), target);
      await sync(target);
      await syncDirsUp(target, created);
    },
    async exists(key) {
      try {
        return (await stat(file(key))).isFile();
      } catch {
        return false;
      }
    },
  };
}
