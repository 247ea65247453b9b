import { Hono } from 'hono';
import type { StackContext } from '../context.js';

// Temporary seam so main.ts compiles while the storage API is being written.
export function createStorageApp(_ctx: StackContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ statusCode: '501', error: 'not_implemented', message: 'storage not implemented yet' }, 501));
  return app;
}
