import path from 'node:path';
import type { StackSettings } from '../settings.js';

export interface BackupSettings {
  /** Where `npm run backup` and the schedule write archives (BACKUP_DIR, default <dataDir>/backups). */
  dir: string;
  /** BACKUP_SCHEDULE as milliseconds between backups, or null when no schedule is set. */
  everyMs: number | null;
  /** BACKUP_KEEP: how many of the newest archives the schedule keeps (default 7). */
  keep: number;
}

/**
 * BACKUP_DIR, BACKUP_SCHEDULE (`hourly`, `daily`, `weekly` or `<n>m|h|d`) and BACKUP_KEEP, as the
 * settings schema read and checked them (shared/src/settings/stack-settings.ts), with their defaults.
 */
export function backupSettings(settings: StackSettings, dataDir: string): BackupSettings {
  return {
    dir: path.resolve(settings.BACKUP_DIR ?? path.join(dataDir, 'backups')),
    everyMs: settings.BACKUP_SCHEDULE ?? null,
    keep: settings.BACKUP_KEEP ?? 7,
  };
}
