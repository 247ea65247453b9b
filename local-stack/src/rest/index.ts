import { Hono } from 'hono';
import type { StackContext } from '../context.js';

export function createRestApp(_ctx: StackContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ code: 'PGRST000', message: 'rest not ready', details: null, hint: null }, 503));
  return app;
}
