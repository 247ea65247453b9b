import { Hono } from 'hono';
import type { StackContext } from '../context.js';
import type { StorageBackend } from './backend.js';
import { registerBucketRoutes } from './buckets.js';
import { payloadTooLarge, StorageApiError, storageErrorResponse } from './errors.js';
import { BodyTooLargeError } from '../http/json-body.js';
import { createLocalBackend } from './local-backend.js';
import { registerRenderRoutes } from './render.js';
import { registerObjectRoutes } from './routes.js';
import { createS3Backend } from './s3-backend.js';
import { registerTusRoutes } from './tus.js';

export type { StorageBackend } from './backend.js';

/** The backend the configuration names: a local directory (default) or an S3 bucket. */
export function createBackend(config: StackContext['config']): StorageBackend {
  return config.storage.kind === 's3' ? createS3Backend(config.storage) : createLocalBackend(config.storage.root);
}

/**
 * Supabase Storage-compatible API, mounted at /storage/v1. Every object operation runs as the
 * caller in ctx.db.withRequest, so storage.objects' RLS policies decide, as on Supabase.
 */
export function createStorageApp(ctx: StackContext, backend: StorageBackend = createBackend(ctx.config)): Hono {
  const app = new Hono();
  const deps = { ctx, backend };
  app.onError((e, c) => {
    if (e instanceof StorageApiError) return storageErrorResponse(c, e);
    if (e instanceof BodyTooLargeError) return storageErrorResponse(c, payloadTooLarge());
    ctx.log(`storage: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return storageErrorResponse(c, new StorageApiError(500, 'Internal', 'Internal Server Error', 'InternalError'));
  });
  registerBucketRoutes(app, deps);
  registerObjectRoutes(app, deps);
  registerRenderRoutes(app, deps);
  registerTusRoutes(app, deps);
  app.notFound((c) => storageErrorResponse(c, new StorageApiError(404, 'Not Found', 'Route not found', 'NotFound')));
  return app;
}
