import { Hono, type Context } from 'hono';
import type { StackContext } from '../context.js';
import { UnknownJobError } from './index.js';
import { requireServiceRole } from '../http/service-role.js';

/**
 * /scheduler/v1: the operator's (and end-to-end tests') handle on the job scheduler. Service-role
 * key only. GET /jobs lists the jobs and their last runs; POST /jobs/{name}/run runs one now;
 * POST /run-all runs every job once; POST /clock {advance_seconds} moves the clock forward, only
 * when the stack was started with SCHEDULER_TEST_CONTROLS=1.
 */
export function createSchedulerApp(ctx: StackContext): Hono {
  const app = new Hono();

  app.use('*', requireServiceRole(ctx, 'The scheduler needs the service_role key'));
  app.use('*', async (c, next) => {
    if (!ctx.scheduler) return c.json({ error: 'unavailable', message: 'The scheduler is not running' }, 503);
    await next();
  });

  const failure = (c: Context, e: unknown) =>
    e instanceof UnknownJobError ? c.json({ error: 'not_found', message: e.message }, 404) : c.json({ error: 'job_failed', message: (e as Error).message }, 500);

  app.get('/jobs', (c) => c.json({ now: ctx.scheduler!.now().toISOString(), jobs: ctx.scheduler!.status() }));

  app.post('/jobs/:name/run', async (c) => {
    try {
      return c.json({ job: c.req.param('name'), result: await ctx.scheduler!.runNow(c.req.param('name')) });
    } catch (e) {
      return failure(c, e);
    }
  });

  app.post('/run-all', async (c) => {
    try {
      return c.json({ results: await ctx.scheduler!.runAll() });
    } catch (e) {
      return failure(c, e);
    }
  });

  app.post('/clock', async (c) => {
    if (!ctx.config.schedulerTestControls) {
      return c.json({ error: 'forbidden', message: 'Moving the clock needs SCHEDULER_TEST_CONTROLS=1' }, 403);
    }
    const body = (await c.req.json().catch(() => ({}))) as { advance_seconds?: unknown };
    const seconds = Number(body.advance_seconds);
    if (!Number.isFinite(seconds) || seconds < 0) return c.json({ error: 'bad_request', message: 'advance_seconds must be a number >= 0' }, 400);
    ctx.scheduler!.advance(seconds * 1000);
    return c.json({ now: ctx.scheduler!.now().toISOString() });
  });

  return app;
}
