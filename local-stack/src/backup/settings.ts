import path from 'node:path';
import { StackConfigError } from '../config.js';

export interface BackupSettings {
  /** Where `npm run backup` and the schedule write archives (BACKUP_DIR, default <dataDir>/backups). */
  dir: string;
  /** BACKUP_SCHEDULE as milliseconds between backups, or null when no schedule is set. */
  everyMs: number | null;
  /** BACKUP_KEEP: how many of the newest archives the schedule keeps (default 7). */
  keep: number;
}

const NAMED: Record<string, number> = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };
const UNIT: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Reads BACKUP_DIR, BACKUP_SCHEDULE (`hourly`, `daily`, `weekly` or `<n>m|h|d`) and BACKUP_KEEP; refuses anything else. */
export function backupSettings(env: NodeJS.ProcessEnv, dataDir: string): BackupSettings {
  const dir = path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups'));
  const raw = (env.BACKUP_SCHEDULE ?? '').trim().toLowerCase();
  let everyMs: number | null = null;
  if (raw) {
    const m = /^(\d+)\s*([mhd])$/.exec(raw);
    everyMs = NAMED[raw] ?? (m ? Number(m[1]) * UNIT[m[2]] : NaN);
    if (!Number.isFinite(everyMs) || everyMs < 60_000) {
      throw new StackConfigError(`BACKUP_SCHEDULE must be hourly, daily, weekly or a period such as 6h, 30m or 2d (at least 1m), got "${env.BACKUP_SCHEDULE}"`);
    }
  }
  const keepRaw = env.BACKUP_KEEP ?? '';
  const keep = keepRaw === '' ? 7 : Number(keepRaw);
  if (!Number.isInteger(keep) || keep < 1) throw new StackConfigError(`BACKUP_KEEP must be a whole number of archives to keep (1 or more), got "${keepRaw}"`);
  return { dir, everyMs, keep };
}
