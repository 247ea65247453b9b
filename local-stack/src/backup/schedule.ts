/**
 * BACKUP_SCHEDULE: the running stack writes an archive every period and keeps the newest
 * BACKUP_KEEP. A failed backup is loud: an error line on stderr every time, FAILED.txt beside the
 * archives (removed by the next success), and the failure in the next `npm run backup` answer.
 */
import { readdir, rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { StackContext } from '../context.js';
import { createBackend } from '../storage/index.js';
import { createBackup } from './create.js';
import type { BackupSettings } from './settings.js';

export const FAILED_FILE = 'FAILED.txt';
const ARCHIVE = /^dossier-backup-.+\.tar\.gz$/;

/** Deletes all but the `keep` newest archives of `dir` (names sort by time). */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const archives = (await readdir(dir)).filter((n) => ARCHIVE.test(n)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) await rm(path.join(dir, name), { force: true });
  return old;
}

export interface BackupRunner {
  /** One backup now (what the schedule and POST /backup/v1/archives do), pruning when scheduled. */
  run(options?: { prune?: boolean }): Promise<{ file: string; manifest: Awaited<ReturnType<typeof createBackup>>['manifest'] }>;
  lastError(): string | null;
  stop(): Promise<void>;
}

export function createBackupRunner(ctx: StackContext, settings: BackupSettings): BackupRunner {
  let current: Promise<unknown> | null = null;
  let lastError: string | null = null;
  let stopped = false;
  const backend = createBackend(ctx.config);

  const run: BackupRunner['run'] = async (options = {}) => {
    // One backup at a time: a second request waits for the first, then makes its own.
    while (current) await current.catch(() => undefined);
    const p = (async () => {
      try {
        const result = await createBackup({ config: ctx.config, db: ctx.db, backend, log: ctx.log }, settings.dir);
        if (options.prune) await pruneArchives(settings.dir, settings.keep);
        lastError = null;
        await rm(path.join(settings.dir, FAILED_FILE), { force: true });
        return result;
      } catch (e) {
        lastError = `${new Date().toISOString()} ${(e as Error).message}`;
        console.error(`\n*** BACKUP FAILED: ${(e as Error).message} ***\n`);
        ctx.log(`backup: FAILED: ${(e as Error).message}`);
        mkdirSync(settings.dir, { recursive: true, mode: 0o700 });
        await writeFile(path.join(settings.dir, FAILED_FILE), `${lastError}\n`).catch(() => undefined);
        throw e;
      }
    })();
    current = p;
    try {
      return await p;
    } finally {
      current = null;
    }
  };

  const timer = settings.everyMs
    ? setInterval(() => {
        if (!stopped) run({ prune: true }).catch(() => undefined);
      }, settings.everyMs)
    : null;
  timer?.unref();

  return {
    run,
    lastError: () => lastError,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await current?.catch(() => undefined);
    },
  };
}
