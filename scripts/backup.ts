/**
 * `npm run backup`: asks the running instance (the local stack at SUPABASE_URL, else
 * http://127.0.0.1:$SUPABASE_PORT, default 54321) to write one archive into its backup folder
 * (BACKUP_DIR, default <data folder>/backups), and prints where. The service_role key comes from
 * SUPABASE_SERVICE_ROLE_KEY or the installation's keys file. `--stopped` backs up an instance
 * that is not running, by opening its data directly (never do that while it runs).
 * Exit code 0 only when the archive was written.
 */
import { loadConfig } from '../local-stack/src/config';
import { loadOrCreateKeys, keysFile } from '../local-stack/src/installation-keys';
import { existsSync } from 'node:fs';
import { backupSettings } from '../local-stack/src/backup/settings';
import { settingsOf } from '../local-stack/src/settings';
import { createBackup } from '../local-stack/src/backup/create';
import { openDatabase } from '../local-stack/src/start';
import { createBackend } from '../local-stack/src/storage/index';

async function serviceKey(dataDir: string): Promise<string> {
  if (process.env.SUPABASE_SERVICE_ROLE_KEY) return process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!existsSync(keysFile(dataDir))) throw new Error(`no SUPABASE_SERVICE_ROLE_KEY and no keys file at ${keysFile(dataDir)} (set STACK_DATA_DIR to the instance's data folder)`);
  return loadOrCreateKeys(dataDir).keys.serviceRoleKey;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (process.argv.includes('--stopped')) {
    const keys = existsSync(keysFile(config.dataDir)) ? loadOrCreateKeys(config.dataDir).keys : null;
    if (keys) Object.assign(config, keys);
    const db = await openDatabase(config);
    try {
      const { file, manifest } = await createBackup({ config, db, backend: createBackend(config), log: (l) => console.log(l) }, backupSettings(settingsOf(config), config.dataDir).dir);
      console.log(`Backup written: ${file}\n  ${manifest.counts.objects} objects, ${manifest.counts.uploadsInProgress} uploads in progress, migration level ${manifest.migrations.level}`);
    } finally {
      await db.close();
    }
    return;
  }
  const url = (process.env.SUPABASE_URL || `http://127.0.0.1:${config.port}`).replace(/\/$/, '');
  const key = await serviceKey(config.dataDir);
  let res: Response;
  try {
    res = await fetch(`${url}/backup/v1/archives`, { method: 'POST', headers: { apikey: key, Authorization: `Bearer ${key}` } });
  } catch (e) {
    throw new Error(`no Dossier instance answers at ${url} (${(e as Error).message}). Start it, set SUPABASE_URL, or back up a stopped instance with: npm run backup -- --stopped`);
  }
  const body = (await res.json().catch(() => ({}))) as { file?: string; message?: string; counts?: { objects: number; uploadsInProgress: number }; migrationLevel?: string; previousFailure?: string | null };
  if (res.status !== 201 || !body.file) throw new Error(`the backup FAILED (${res.status}): ${body.message ?? JSON.stringify(body)}`);
  if (body.previousFailure) console.warn(`Note: the previous backup had failed: ${body.previousFailure}`);
  console.log(`Backup written: ${body.file}\n  ${body.counts?.objects} objects, ${body.counts?.uploadsInProgress} uploads in progress, migration level ${body.migrationLevel}`);
}

main().catch((e: unknown) => {
  console.error(`npm run backup: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
