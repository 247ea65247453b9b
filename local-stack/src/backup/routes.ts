import { Hono } from 'hono';
import type { StackContext } from '../context.js';
import { requireServiceRole } from '../http/service-role.js';
import type { BackupRunner } from './schedule.js';

/**
 * /backup/v1 (the operator's, service_role key only): POST /archives writes an archive of the
 * running instance into its backup folder and answers where, with the manifest's counts.
 */
export function createBackupApp(ctx: StackContext, runner: BackupRunner): Hono {
  const app = new Hono();
  app.use('*', requireServiceRole(ctx, 'Backups need the service_role key'));
  app.post('/archives', async (c) => {
    const previousFailure = runner.lastError();
    try {
      const { file, manifest } = await runner.run();
      return c.json({ file, snapshotAt: manifest.snapshotAt, migrationLevel: manifest.migrations.level, counts: manifest.counts, previousFailure }, 201);
    } catch (e) {
      return c.json({ error: 'backup_failed', message: (e as Error).message }, 500);
    }
  });
  return app;
}
