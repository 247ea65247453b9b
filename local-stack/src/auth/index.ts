import { Hono } from 'hono';
import type { StackContext } from '../context.js';

// Temporary seam so main.ts compiles while GoTrue's endpoints are being written.
export function createAuthApp(_ctx: StackContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ code: 501, error_code: 'not_implemented', msg: 'auth not implemented yet' }, 501));
  return app;
}
