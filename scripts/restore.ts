/**
 * `npm run restore <archive>`: restores an archive of `npm run backup` into the target the
 * environment names — STACK_DATA_DIR (the new data folder), DATABASE_URL (an empty PostgreSQL
 * database; unset: the embedded database in the data folder), STORAGE_S3_* (an empty bucket;
 * unset: the data folder). A non-empty target and an archive of a newer Dossier are refused.
 */
import { loadConfig } from '../local-stack/src/config';
import path from 'node:path';
import { restoreBackup } from '../local-stack/src/backup/restore';
import { moveToProject } from '../local-stack/src/backup/move-to-project';

async function main(): Promise<void> {
  const archive = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!archive) throw new Error('usage: npm run restore <archive.tar.gz>   (target: STACK_DATA_DIR, DATABASE_URL, STORAGE_S3_*)\n       npm run restore -- --into-project <archive.tar.gz>   (target: SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL)');
  const config = loadConfig();
  if (process.argv.includes('--into-project')) {
    // docs/deploy.md: into a Supabase project that `supabase db push` prepared.
    const { SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey, SUPABASE_DB_URL: databaseUrl } = process.env;
    if (!url || !serviceRoleKey || !databaseUrl) throw new Error('--into-project needs SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL of the target project');
    const moved = await moveToProject(archive, { url, serviceRoleKey, databaseUrl, migrationsDir: path.join(config.supabaseDir, 'migrations') }, (l) => console.log(l));
    console.log(`Moved the instance of ${moved.manifest.snapshotAt} into ${url}: ${moved.objects} stored files. People sign in again with the same passwords.`);
    return;
  }
  const { manifest, migrated } = await restoreBackup(archive, config, (l) => console.log(l));
  console.log(
    `Restored the instance of ${manifest.snapshotAt} into ${config.databaseUrl ? 'the database at DATABASE_URL and ' : ''}${config.dataDir}` +
      (migrated.length ? `; ${migrated.length} newer migration(s) applied` : '') +
      '.\nStart it with the same environment (npm start); people sign in with their passwords and passkeys as before.',
  );
}

main().catch((e: unknown) => {
  console.error(`npm run restore: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
