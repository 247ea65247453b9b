import { Hono } from 'hono';
import type { StackContext } from '../context.js';
import { createAuthApp } from '../auth/index.js';
import { createStorageApp } from '../storage/index.js';
import { createFunctionsApp } from '../functions/index.js';
import { createRestApp } from '../rest/index.js';
import { createSchedulerApp } from '../scheduler/routes.js';
import { pgrstError } from '../rest/errors.js';
import { stackCors } from './cors.js';
import { requestLog } from './request-log.js';
import { jsonBodyLimit } from './body-limit.js';
import { refuseCrossSite } from './cross-site.js';

/** The Supabase-compatible API on one origin, as the Supabase gateway lays it out. */
export function buildApiApp(ctx: StackContext): Hono {
  // Not strict: `/rest/v1/` and `/rest/v1` are the same, as behind Supabase's gateway.
  const app = new Hono({ strict: false });
  app.use('*', requestLog(ctx.jwt, ctx.log));
  // Edge Functions answer CORS themselves (preflight included), as behind Supabase's gateway.
  const cors = stackCors(ctx.config.corsOrigins);
  app.use('*', (c, next) => (c.req.path.startsWith('/functions/v1/') ? next() : cors(c, next)));
  // Google posts the sign-in answer back to /auth/v1/callback (form_post): that one is expected.
  // A function decides for itself which origins may call it (its own CORS headers).
  app.use('*', refuseCrossSite(ctx.config.corsOrigins, (path) => path === '/auth/v1/callback' || path.startsWith('/functions/v1/')));
  // JSON APIs get a body cap; storage uploads are exempt (each bucket has its own size limit).
  app.use(
    '/rest/v1/*',
    jsonBodyLimit(ctx.config.maxJsonBodyBytes, (c, message) =>
      c.json(pgrstError('PGRST413', message, null, 'Send a smaller request body'), 413),
    ),
  );
  app.use(
    '/auth/v1/*',
    jsonBodyLimit(ctx.config.maxJsonBodyBytes, (c, message) =>
      c.json({ code: 413, error_code: 'request_too_large', msg: message }, 413),
    ),
  );
  app.route('/rest/v1', createRestApp(ctx));
  app.route('/auth/v1', createAuthApp(ctx));
  app.route('/storage/v1', createStorageApp(ctx));
  app.route('/functions/v1', createFunctionsApp(ctx));
  app.route('/scheduler/v1', createSchedulerApp(ctx));
  app.get('/', (c) => c.json({ name: 'dossier local stack', rest: '/rest/v1', auth: '/auth/v1', storage: '/storage/v1', functions: '/functions/v1' }));
  app.onError((err, c) => {
    ctx.log(`unhandled error on ${c.req.method} ${c.req.path}: ${err.stack ?? err.message}`);
    return c.json({ code: '500', message: 'Internal server error', details: null, hint: null }, 500);
  });
  return app;
}
