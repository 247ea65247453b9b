import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { StorageBackend } from './backend.js';

/** Objects as files under `root` (default `<dataDir>/storage`). */
export function createLocalBackend(root: string): StorageBackend {
  const base = path.resolve(root);
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
      await mkdir(path.dirname(target), { recursive: true });
      // Write aside, then rename: a reader never sees half a file.
      const tmp = `${target}.${randomUUID()}.part`;
      await writeFile(tmp, body);
      await rename(tmp, target);
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
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(file(from), target);
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
