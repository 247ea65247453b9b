// BACKUP_SCHEDULE / BACKUP_KEEP (issue 28 §1): the newest N archives are kept, and a failed
// backup is loud — an error line on stderr, FAILED.txt beside the archives, no archive left.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import type { StackContext } from '../src/context';
import type { Database } from '../src/db/types';
import { createBackupRunner, FAILED_FILE, pruneArchives } from '../src/backup/schedule';

describe('scheduled backups', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-backups-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the newest BACKUP_KEEP archives and leaves other files alone', async () => {
    const names = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'].map((d) => `dossier-backup-${d}T03-00-00-000Z.tar.gz`);
    for (const n of [...names, 'notes.txt']) writeFileSync(path.join(dir, n), 'x');
    expect(await pruneArchives(dir, 2)).toEqual(names.slice(0, 2));
    expect(readdirSync(dir).sort()).toEqual([...names.slice(2), 'notes.txt'].sort());
  });

  it('a failed backup is loud and leaves no archive', async () => {
    const config = loadConfig({ dataDir: path.join(dir, 'data'), storage: { kind: 'local', root: path.join(dir, 'data', 'storage') } });
    const db = { kind: 'pglite', admin: () => Promise.reject(new Error('disk full')) } as unknown as Database;
    const lines: string[] = [];
    const ctx = { db, config, log: (l: string) => lines.push(l) } as unknown as StackContext;
    const stderr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const runner = createBackupRunner(ctx, { dir: path.join(dir, 'out'), everyMs: null, keep: 3 });
    try {
      await expect(runner.run()).rejects.toThrow('disk full');
      expect(stderr).toHaveBeenCalledWith(expect.stringContaining('*** BACKUP FAILED: disk full ***'));
      expect(lines).toContain('backup: FAILED: disk full');
      expect(readFileSync(path.join(dir, 'out', FAILED_FILE), 'utf8')).toMatch(/disk full/);
      expect(runner.lastError()).toMatch(/disk full/);
      expect(readdirSync(path.join(dir, 'out')).filter((n) => n !== FAILED_FILE)).toEqual([]);
      expect(existsSync(path.join(dir, 'out', FAILED_FILE))).toBe(true);
    } finally {
      stderr.mockRestore();
      await runner.stop();
    }
  });
});
